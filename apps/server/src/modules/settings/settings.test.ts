import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ListingListDto,
  NotificationSettingsDto,
  PublicProfileDto,
  SETTINGS_MESSAGES as S,
} from '@castline/shared';
import {
  accounts,
  notifications,
  offers,
  products,
  profiles,
  sessions,
  users,
  verifications,
} from '../../db/schema/index.js';
import {
  buildListing,
  buildOffer,
  buildUser,
  errorOf,
  get,
  guest,
  mailsTo,
  post,
  put,
  signedInMember,
  signIn,
  uniqueEmail,
  uniqueIp,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';
import { SETTINGS_PASSWORD_RATE_LIMIT } from './settings.service.js';

const t = useTestApp();

async function member(): Promise<Member & { password: string }> {
  const user = await buildUser(t.database.db);
  const ip = uniqueIp();
  const cookie = await signIn(t.app, user.email, user.password, ip);
  return { ...user, cookie, ip };
}

function signInResponse(email: string, password: string) {
  return post(t.app, '/api/auth/sign-in', { email, password }, { ip: uniqueIp() });
}

function deleteAccount(caller: Caller, payload: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/settings/account',
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

/** Every email the notifier started has been sent. */
async function mailSettled(): Promise<void> {
  await t.app.emailsSettled();
}

function linkToken(text: string): string {
  const match = text.match(/\/settings\/confirm-email\?token=([^\s]+)/);
  if (!match?.[1]) throw new Error(`no confirm link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('settings need a session', () => {
  it('answers 401 before reading any body', async () => {
    const caller = guest();
    for (const response of [
      await post(t.app, '/api/settings/password', {}, caller),
      await post(t.app, '/api/settings/email', {}, caller),
      await get(t.app, '/api/settings/notifications', caller),
      await put(t.app, '/api/settings/notifications', {}, caller),
      await deleteAccount(caller, {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(AUTH_MESSAGES.notAuthenticated);
    }
  });
});

describe('POST /api/settings/password', () => {
  it('refuses a wrong current password and a new one that breaks the sign-up rules', async () => {
    const me = await member();
    const wrong = await post(
      t.app,
      '/api/settings/password',
      { current_password: 'not-my-password', new_password: 'a-brand-new-secret' },
      me,
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      message: S.currentPasswordIncorrect,
      issues: [{ path: 'current_password', message: S.currentPasswordIncorrect }],
    });

    const short = await post(
      t.app,
      '/api/settings/password',
      { current_password: me.password, new_password: 'short' },
      me,
    );
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toBe(AUTH_MESSAGES.passwordTooShort);

    const unchanged = await post(
      t.app,
      '/api/settings/password',
      { current_password: me.password, new_password: me.password },
      me,
    );
    expect(unchanged.statusCode).toBe(400);
    expect(errorOf(unchanged).message).toBe(S.newPasswordSameAsCurrent);

    const missing = await post(t.app, '/api/settings/password', undefined, me);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(S.currentPasswordRequired);

    // Nothing changed: the old password still signs in.
    expect((await signInResponse(me.email, me.password)).statusCode).toBe(200);
  });

  it('stops guessing after 10 wrong passwords', async () => {
    const me = await member();
    const attempt = (current: string) =>
      post(
        t.app,
        '/api/settings/password',
        { current_password: current, new_password: 'another-secret-1' },
        me,
      );
    for (let i = 0; i < SETTINGS_PASSWORD_RATE_LIMIT.limit; i += 1) {
      expect((await attempt(`guess-number-${i}`)).statusCode).toBe(400);
    }
    const blocked = await attempt(me.password);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const me = await member();
    const otherDevice = await signIn(t.app, me.email, me.password);

    const response = await post(
      t.app,
      '/api/settings/password',
      { current_password: me.password, new_password: 'a-brand-new-secret' },
      me,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: S.passwordChanged });

    expect((await get(t.app, '/api/settings/notifications', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await get(t.app, '/api/settings/notifications', me)).statusCode).toBe(200);
    const old = await signInResponse(me.email, me.password);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old).message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await signInResponse(me.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });
});

describe('changing the email', () => {
  it('mails a link to the new address and changes nothing until it is opened, once', async () => {
    const me = await member();
    const newEmail = uniqueEmail('moved');

    const wrong = await post(
      t.app,
      '/api/settings/email',
      { new_email: newEmail, password: 'nope-nope' },
      me,
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(S.passwordIncorrect);
    expect(await mailsTo(t.database.db, newEmail)).toHaveLength(0);

    const invalid = await post(
      t.app,
      '/api/settings/email',
      { new_email: 'not-an-email', password: me.password },
      me,
    );
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe(AUTH_MESSAGES.invalidEmail);

    const same = await post(t.app, '/api/settings/email', { new_email: me.email, password: me.password }, me);
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).message).toBe(S.emailSameAsCurrent);

    const asked = await post(
      t.app,
      '/api/settings/email',
      { new_email: `  ${newEmail.toUpperCase()} `, password: me.password },
      me,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: S.emailChangeSent });

    const [mail] = await mailsTo(t.database.db, newEmail);
    expect(mail?.subject).toBe('Confirm your new Castline email address');
    expect(mail?.text_body).toContain(`${t.config.publicUrl}/settings/confirm-email?token=`);
    const token = linkToken(mail!.text_body);

    // Not yet: the account keeps its email, and the token is not stored in the clear.
    const [before] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(before!.email).toBe(me.email);
    const [pending] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `email-change:${me.id}`));
    expect(pending!.value).not.toContain(token.split('.')[1]!);
    expect((await signInResponse(me.email, me.password)).statusCode).toBe(200);

    for (const bad of ['', 'garbage', `${me.id}.wrong-secret`, `${token}x`]) {
      const response = await post(t.app, '/api/settings/email/confirm', { token: bad });
      expect(response.statusCode, bad).toBe(400);
    }

    const confirmed = await post(t.app, '/api/settings/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: S.emailChanged, email: newEmail });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect([after!.email, profile!.email]).toEqual([newEmail, newEmail]);
    expect((await mailsTo(t.database.db, me.email)).at(-1)?.subject).toBe(
      'Your Castline email address was changed',
    );

    const again = await post(t.app, '/api/settings/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(S.emailChangeLinkInvalid);

    expect((await signInResponse(newEmail, me.password)).statusCode).toBe(200);
    expect((await signInResponse(me.email, me.password)).statusCode).toBe(401);
  });

  it('answers 409 when another account uses the address, asked or confirmed', async () => {
    const me = await member();
    const taken = await buildUser(t.database.db);
    const response = await post(
      t.app,
      '/api/settings/email',
      { new_email: taken.email, password: me.password },
      me,
    );
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(S.emailTaken);

    // The address was free when asked, but someone took it before the link was opened.
    const wanted = uniqueEmail('wanted');
    await post(t.app, '/api/settings/email', { new_email: wanted, password: me.password }, me);
    const token = linkToken((await mailsTo(t.database.db, wanted))[0]!.text_body);
    await buildUser(t.database.db, { email: wanted });
    const confirmed = await post(t.app, '/api/settings/email/confirm', { token });
    expect(confirmed.statusCode).toBe(409);
    expect(errorOf(confirmed).message).toBe(S.emailTaken);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });
});

describe('notification settings', () => {
  it('reads and saves the email preferences', async () => {
    const me = await member();
    const initial = await get(t.app, '/api/settings/notifications', me);
    // Order emails are on unless turned off: a buyer must hear that the gear shipped.
    expect(NotificationSettingsDto.parse(initial.json())).toEqual({
      email_on_message: false,
      email_on_offer: false,
      email_on_order: true,
    });

    const saved = await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: true, email_on_offer: false },
      me,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ email_on_message: true, email_on_offer: false, email_on_order: true });
    expect((await get(t.app, '/api/settings/notifications', me)).json()).toEqual({
      email_on_message: true,
      email_on_offer: false,
      email_on_order: true,
    });
    const ordersOff = await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: true, email_on_offer: false, email_on_order: false },
      me,
    );
    expect(ordersOff.json()).toEqual({
      email_on_message: true,
      email_on_offer: false,
      email_on_order: false,
    });

    const bad = await put(t.app, '/api/settings/notifications', { email_on_message: 'yes' }, me);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(S.notificationSettingsInvalid);
  });

  it('emails a new message only to members who asked, once until they read it', async () => {
    const [sender, keen, quiet] = [await member(), await member(), await member()];
    await put(t.app, '/api/settings/notifications', { email_on_message: true, email_on_offer: false }, keen);

    const toKeen = await post(
      t.app,
      '/api/messages',
      { recipient_id: keen.id, content: 'Still selling the reel?' },
      sender,
    );
    expect(toKeen.statusCode, toKeen.body).toBe(201);
    const toQuiet = await post(
      t.app,
      '/api/messages',
      { recipient_id: quiet.id, content: 'Hello there' },
      sender,
    );
    expect(toQuiet.statusCode).toBe(201);
    await mailSettled();

    const mails = await mailsTo(t.database.db, keen.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New message from ${sender.username} on Castline`);
    expect(mails[0]!.text_body).toContain('Still selling the reel?');
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/messages/`);
    expect(await mailsTo(t.database.db, quiet.email)).toHaveLength(0);

    // A second message before the first is read sends no second email.
    await post(t.app, '/api/messages', { recipient_id: keen.id, content: 'Any chance?' }, sender);
    await mailSettled();
    expect(await mailsTo(t.database.db, keen.email)).toHaveLength(1);
  });

  it('emails the seller about a new offer when they asked', async () => {
    const [seller, buyer, keenSeller] = [await member(), await member(), await member()];
    await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: false, email_on_offer: true },
      keenSeller,
    );
    const quietListing = await buildListing(t.database.db, seller.id, { price: 100 });
    const keenListing = await buildListing(t.database.db, keenSeller.id, {
      price: 100,
      title: 'Penn Spinfisher',
    });

    expect(
      (await post(t.app, `/api/listings/${quietListing.id}/offers`, { amount: 80 }, buyer)).statusCode,
    ).toBe(201);
    const offer = await post(t.app, `/api/listings/${keenListing.id}/offers`, { amount: 85 }, buyer);
    expect(offer.statusCode, offer.body).toBe(201);
    await mailSettled();

    expect(await mailsTo(t.database.db, seller.email)).toHaveLength(0);
    const mails = await mailsTo(t.database.db, keenSeller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New offer on “Penn Spinfisher”');
    expect(mails[0]!.text_body).toContain(`${buyer.username} offered $85.00`);

    // The buyer, keen too, hears of the answer.
    await put(t.app, '/api/settings/notifications', { email_on_message: false, email_on_offer: true }, buyer);
    const offerId = (offer.json() as { id: string }).id;
    expect((await post(t.app, `/api/offers/${offerId}/reject`, undefined, keenSeller)).statusCode).toBe(200);
    await mailSettled();
    const answers = await mailsTo(t.database.db, buyer.email);
    expect(answers.map((m) => m.subject)).toEqual(['Offer Rejected: “Penn Spinfisher”']);
    expect(answers[0]!.text_body).toContain('Your offer of $85.00 for "Penn Spinfisher" was rejected');
  });

  it('emails each side of an order its steps, unless they turned order emails off', async () => {
    const [seller, buyer] = [await member(), await member()];
    await put(
      t.app,
      '/api/settings/notifications',
      { email_on_message: false, email_on_offer: false, email_on_order: false },
      seller,
    );
    const listing = await buildListing(t.database.db, seller.id, {
      title: 'Okuma Ceymar C-30',
      price: 60,
      handover: 'shipping',
      shipping_price: 8,
      ships_from: 'Austin, TX',
      handling_days: 2,
    });
    const bought = await post(t.app, `/api/listings/${listing.id}/buy`, {}, buyer);
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = (bought.json() as { id: string }).id;
    expect((await post(t.app, `/api/orders/${orderId}/confirm-payment`, undefined, seller)).statusCode).toBe(
      200,
    );
    await mailSettled();

    expect(await mailsTo(t.database.db, seller.email)).toHaveLength(0);
    const mails = await mailsTo(t.database.db, buyer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Payment confirmed: “Okuma Ceymar C-30”']);
    expect(mails[0]!.text_body).toContain(
      `@${seller.username} confirmed your payment for "Okuma Ceymar C-30"`,
    );
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/orders/${orderId}`);
  });
});

describe('DELETE /api/settings/account', () => {
  it('needs the password', async () => {
    const me = await member();
    const wrong = await deleteAccount(me, { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(S.passwordIncorrect);
    const missing = await deleteAccount(me, undefined);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(S.passwordRequired);
    expect((await get(t.app, '/api/settings/notifications', me)).statusCode).toBe(200);
  });

  it('anonymises the account, removes its listings, cancels its offers and signs it out everywhere', async () => {
    const me = await member();
    const otherDevice = await signIn(t.app, me.email, me.password);
    const [viewer, buyer] = [await signedInMember(t.app, t.database.db), await buildUser(t.database.db)];
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      payload: { full_name: 'Real Name', bio: 'About me', title: 'Guide', location: 'Austin, TX' },
      headers: { cookie: me.cookie },
    });
    const listing = await buildListing(t.database.db, me.id, { price: 60 });
    await buildOffer(t.database.db, listing, buyer.id, { amount: 50 });
    const elsewhere = await buildListing(t.database.db, buyer.id, { price: 40 });
    await buildOffer(t.database.db, elsewhere, me.id, { amount: 30 });

    const response = await deleteAccount(me, { password: me.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: S.accountDeleted });
    expect(response.cookies.find((c) => c.name === 'castline.session_token')?.value).toBe('');

    // Profile anonymised; shown as a deleted member.
    const profile = PublicProfileDto.parse((await get(t.app, `/api/profiles/${me.id}`, viewer)).json());
    expect(profile).toMatchObject({
      username: `deleted-${me.id.replace(/-/g, '').slice(0, 8)}`,
      full_name: null,
      bio: null,
      title: null,
      location: null,
      avatar_url: null,
      deleted: true,
      active_listings_count: 0,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(user!.email).toBe(`deleted+${me.id}@castline.invalid`);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, me.id));
    expect(account!.password).toBeNull();

    // Listings gone from the marketplace and from their page.
    const list = ListingListDto.parse((await get(t.app, '/api/listings?pageSize=50', viewer)).json());
    expect(list.items.some((item) => item.id === listing.id)).toBe(false);
    expect((await get(t.app, `/api/listings/${listing.id}`, viewer)).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(products).where(eq(products.id, listing.id));
    expect(stored!.deleted).toBe(true);

    // Open offers cancelled, and the buyer told.
    const statuses = await t.database.db
      .select({ status: offers.status })
      .from(offers)
      .where(eq(offers.buyer_id, buyer.id));
    expect(statuses.map((row) => row.status)).toEqual(['cancelled']);
    const madeStatus = await t.database.db
      .select({ status: offers.status })
      .from(offers)
      .where(eq(offers.buyer_id, me.id));
    expect(madeStatus.map((row) => row.status)).toEqual(['cancelled']);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.user_id, buyer.id));
    expect(told.map((n) => n.type)).toContain('OFFER_CANCELLED');

    // Signed out everywhere; signing in fails.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect((await get(t.app, '/api/settings/notifications', me)).statusCode).toBe(401);
    expect((await get(t.app, '/api/settings/notifications', { cookie: otherDevice })).statusCode).toBe(401);
    const signInAgain = await signInResponse(me.email, me.password);
    expect(signInAgain.statusCode).toBe(401);
    expect(errorOf(signInAgain).message).toBe(AUTH_MESSAGES.invalidCredentials);

    // Not found by member search any more, and nobody can message them.
    const search = await get(t.app, `/api/profiles/search?q=${encodeURIComponent(profile.username)}`, viewer);
    expect(search.json().items).toEqual([]);
    const message = await post(
      t.app,
      '/api/messages',
      { recipient_id: me.id, content: 'Still there?' },
      viewer,
    );
    expect(message.statusCode).toBe(404);
    expect(errorOf(message).message).toBe('Recipient not found');
  });
});
