import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ListingDto, ListingListDto } from '@castline/shared';
import { adminSettings, alertNotifications, products, profiles } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildAlert,
  buildUser,
  errorOf,
  get,
  post,
  signedInMember,
  uniqueEmail,
  uniqueIp,
  uniqueUsername,
  type Member,
} from '../../../test/factories.js';
import { tackleBody } from '../listings/listings.test-helpers.js';

const t = useTestApp();

async function put(url: string, payload: unknown, caller: Member) {
  return t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie: caller.cookie } });
}

afterEach(async () => {
  await t.database.db
    .update(adminSettings)
    .set({ signups_open: true, listings_require_approval: false })
    .where(eq(adminSettings.id, 1));
});

function signUpBody() {
  const password = 'reel-it-in-42';
  return { email: uniqueEmail(), password, confirmPassword: password, username: uniqueUsername() };
}

async function publicIds(query = ''): Promise<string[]> {
  const response = await get(t.app, `/api/listings?pageSize=50${query}`, { ip: uniqueIp() });
  expect(response.statusCode).toBe(200);
  return ListingListDto.parse(response.json()).items.map((item) => item.id);
}

describe('admin settings applied across the site', () => {
  it('refuses sign-ups while they are closed, and takes them again once reopened', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    expect((await put('/api/admin/settings', { signups_open: false }, admin)).statusCode).toBe(200);

    const body = signUpBody();
    const refused = await post(t.app, '/api/auth/sign-up', body, { ip: uniqueIp() });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(AUTH_MESSAGES.signUpsClosed);
    const [created] = await t.database.db.select().from(profiles).where(eq(profiles.username, body.username));
    expect(created).toBeUndefined();

    expect((await put('/api/admin/settings', { signups_open: true }, admin)).statusCode).toBe(200);
    const accepted = await post(t.app, '/api/auth/sign-up', body, { ip: uniqueIp() });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('keeps new listings out of public view until approved while approval is required', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const seller = await signedInMember(t.app, t.database.db);
    const watcher = await buildUser(t.database.db);
    await buildAlert(t.database.db, watcher.id, { name: 'Approval reels', filters: { q: 'approvalcheck' } });

    expect((await put('/api/admin/settings', { listings_require_approval: true }, admin)).statusCode).toBe(
      200,
    );
    const created = await post(
      t.app,
      '/api/listings',
      tackleBody({ title: 'Approvalcheck spinning reel' }),
      seller,
    );
    expect(created.statusCode, created.body).toBe(201);
    const listing = ListingDto.parse(created.json());
    expect(listing.moderation_status).toBe('pending');

    expect(await publicIds()).not.toContain(listing.id);
    expect((await get(t.app, `/api/listings/${listing.id}`, { ip: uniqueIp() })).statusCode).toBe(404);
    expect((await get(t.app, `/api/listings/${listing.id}`, seller)).statusCode).toBe(200);
    const matchedBefore = await t.database.db
      .select()
      .from(alertNotifications)
      .where(eq(alertNotifications.product_id, listing.id));
    expect(matchedBefore).toEqual([]);

    const queue = await get(t.app, '/api/admin/moderation/listings', admin);
    expect(queue.json().items.map((item: { id: string }) => item.id)).toContain(listing.id);

    const approved = await post(t.app, `/api/admin/moderation/listings/${listing.id}/approve`, {}, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicIds()).toContain(listing.id);
    expect((await get(t.app, `/api/listings/${listing.id}`, { ip: uniqueIp() })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, listing.id));
    expect(row).toMatchObject({
      moderation_status: 'active',
      visible_in_marketplace: true,
      moderation_reason: null,
    });
    // The saved search matches once the listing is public.
    const matchedAfter = await t.database.db
      .select()
      .from(alertNotifications)
      .where(eq(alertNotifications.product_id, listing.id));
    expect(matchedAfter.map((match) => match.user_id)).toEqual([watcher.id]);
  });

  it('lists new listings at once while approval is not required', async () => {
    const seller = await signedInMember(t.app, t.database.db);
    const created = await post(t.app, '/api/listings', tackleBody({ title: 'Open season jig rod' }), seller);
    expect(created.statusCode, created.body).toBe(201);
    expect(await publicIds()).toContain(ListingDto.parse(created.json()).id);
  });
});
