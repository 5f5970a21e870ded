import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ListingListDto } from '@castline/shared';
import { auditLogs, profiles, userBans } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, get, guest, post, signedInMember, type Member } from '../../../test/factories.js';
import { liftExpiredBans } from './ban-expiry.js';

const t = useTestApp();

async function ban(admin: Member, member: Member, banEnd: string | null) {
  const response = await post(
    t.app,
    `/api/admin/users/${member.id}/ban`,
    { reason: 'Spam listings', ...(banEnd ? { ban_end: banEnd } : {}) },
    admin,
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function publicListingIds(sellerId: string): Promise<string[]> {
  const response = await get(t.app, `/api/listings?seller_id=${sellerId}`, guest());
  return ListingListDto.parse(response.json()).items.map((item) => item.id);
}

async function statusOf(id: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, id));
  return row?.status;
}

describe('bans that reach their end date', () => {
  it('are lifted by the background job: active again, content back, audited by the system', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const ended = await signedInMember(t.app, t.database.db);
    const ongoing = await signedInMember(t.app, t.database.db);
    const openEnded = await signedInMember(t.app, t.database.db);
    const listing = await buildListing(t.database.db, ended.id);
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    await ban(admin, ended, inOneHour);
    await ban(admin, ongoing, '2099-01-01T00:00:00Z');
    await ban(admin, openEnded, null);
    expect(await publicListingIds(ended.id)).toEqual([]);

    // Two hours later, only the first ban has ended.
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await liftExpiredBans(t.database, later)).toEqual([ended.id]);

    expect(await statusOf(ended.id)).toBe('active');
    expect(await publicListingIds(ended.id)).toEqual([listing.id]);
    const bans = await t.database.db.select().from(userBans).where(eq(userBans.user_id, ended.id));
    expect(bans.map((row) => [row.is_active, row.lifted_by])).toEqual([[false, null]]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_id, ended.id), eq(auditLogs.action, 'user.ban_expired')));
    expect(audit).toMatchObject({ user_id: null, severity: 'low', entity_type: 'user' });

    expect(await statusOf(ongoing.id)).toBe('banned');
    expect(await statusOf(openEnded.id)).toBe('banned');
    // Running again finds nothing more to lift.
    expect(await liftExpiredBans(t.database, later)).toEqual([]);
  });
});
