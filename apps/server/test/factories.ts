import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ROLE_PERMISSIONS, type AdminRoleName } from '@castline/shared';
import type { Database } from '../src/db/client.js';
import { accounts, adminRoles, mailOutbox, products, profiles, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/accounts/password-hasher.js';

let counter = 0;

export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}${randomBytes(3).toString('hex')}`;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${uniqueSuffix()}@example.com`;
}

export function uniqueUsername(prefix = 'angler'): string {
  return `${prefix}_${uniqueSuffix()}`.slice(0, 20);
}

/** A client address of its own, so that each test meets fresh per-IP rate limits. */
export function uniqueIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${Math.max(1, bytes[2]! % 254)}`;
}

export interface BuiltUser {
  id: string;
  email: string;
  username: string;
  password: string;
}

export interface BuildUserOptions {
  email?: string;
  username?: string;
  password?: string;
  emailVerified?: boolean;
  adminRole?: AdminRoleName;
  isAdminFlag?: boolean;
}

/** Inserts a real account (users + credential + profile via the trigger). */
export async function buildUser(db: Database, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const email = options.email ?? uniqueEmail();
  const username = options.username ?? uniqueUsername();
  const password = options.password ?? 'correct-horse-battery';
  const [user] = await db
    .insert(users)
    .values({ name: username, email, emailVerified: options.emailVerified ?? true })
    .returning({ id: users.id });
  if (!user) throw new Error('buildUser: insert returned nothing');
  await db.insert(accounts).values({
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await hashPassword(password),
  });
  if (options.adminRole) {
    await db
      .update(profiles)
      .set({ is_admin: options.isAdminFlag ?? true })
      .where(eq(profiles.id, user.id));
    await db.insert(adminRoles).values({
      user_id: user.id,
      role: options.adminRole,
      permissions: [...ROLE_PERMISSIONS[options.adminRole]],
    });
  }
  return { id: user.id, email, username, password };
}

export type BuildListingOverrides = Partial<
  Omit<typeof products.$inferInsert, 'seller_id' | 'search_vector'>
>;
export type BuiltListing = typeof products.$inferSelect;

/**
 * Inserts a real listing row for `sellerId` (active, unsold tackle in Austin unless overridden)
 * and counts it on the seller's profile as the API does.
 */
export async function buildListing(
  db: Database,
  sellerId: string,
  overrides: BuildListingOverrides = {},
): Promise<BuiltListing> {
  const [row] = await db
    .insert(products)
    .values({
      title: `Tackle box ${uniqueSuffix()}`,
      description: 'A two-tray tackle box, lightly used.',
      price: 25,
      condition: 'good',
      category: 'tackle',
      gear_types: ['Freshwater'],
      images: ['/files/product-images/tackle-box.webp'],
      location: 'Austin, TX',
      location_lat: 30.2672,
      location_lng: -97.7431,
      moderation_status: 'active',
      ...overrides,
      seller_id: sellerId,
    })
    .returning();
  if (!row) throw new Error('buildListing: insert returned nothing');
  if (!row.deleted) {
    await db
      .update(profiles)
      .set({ products_count: sql`${profiles.products_count} + 1` })
      .where(eq(profiles.id, sellerId));
  }
  return row;
}

export interface Caller {
  ip?: string;
  cookie?: string;
  origin?: string;
}

export function post(app: FastifyInstance, url: string, payload?: unknown, caller: Caller = {}) {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.origin ? { origin: caller.origin } : {}),
    },
  });
}

export function get(app: FastifyInstance, url: string, caller: Caller = {}) {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

export function put(app: FastifyInstance, url: string, payload?: unknown, caller: Caller = {}) {
  return app.inject({
    method: 'PUT',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

export function del(app: FastifyInstance, url: string, caller: Caller = {}) {
  return app.inject({
    method: 'DELETE',
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

/** The `name=value` pair of the session cookie a response set, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'castline.session_token');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  ip = uniqueIp(),
): Promise<string> {
  const response = await post(app, '/api/auth/sign-in', { email, password }, { ip });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export async function mailsTo(db: Database, email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(mailOutbox.created_at);
}

/** The token of the newest mailed link to `path` (/verify-email or /reset-password). */
export async function tokenFromLatestMail(db: Database, email: string, path: string): Promise<string> {
  const mails = await mailsTo(db, email);
  const latest = mails.at(-1);
  if (!latest) throw new Error(`no mail to ${email}`);
  const match = latest.text_body.match(new RegExp(`${path}\\?token=([^\\s]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in mail: ${latest.text_body}`);
  return decodeURIComponent(match[1]);
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
} {
  return (
    response.json() as {
      error: { code: string; message: string; issues?: { path: string; message: string }[] };
    }
  ).error;
}
