import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CONDITIONS, GEAR_TYPES } from '@castline/shared';
import { adminRoles, products, profiles } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createLocalFileStorage } from '../platform/storage/file-storage.js';
import { openTestDatabase } from '../../test/test-database.js';
import { DEMO_MEMBERS, seedDemoData } from './demo-seed.js';
import { DEMO_LISTING_COUNT } from './listing-seed.js';

let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'castline-seed-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('fills an empty database once with verified members, one admin, one moderator and one non-captain', async () => {
    const storage = createLocalFileStorage(dir);
    const logger = pino({ level: 'silent' });
    const first = await seedDemoData(database.db, storage, logger);
    expect(first.created).toBe(true);
    expect(first.users.length).toBeGreaterThanOrEqual(24);

    const all = await database.db.select().from(profiles);
    expect(all).toHaveLength(DEMO_MEMBERS.length);
    expect(all.filter((p) => !p.is_captain).map((p) => p.username)).toEqual(['landlubber']);
    expect(all.every((p) => p.avatar_url?.startsWith('/files/avatars/'))).toBe(true);

    const roles = await database.db
      .select({ role: adminRoles.role, username: profiles.username })
      .from(adminRoles)
      .innerJoin(profiles, eq(profiles.id, adminRoles.user_id));
    expect(roles.sort((x, y) => x.role.localeCompare(y.role))).toEqual([
      { role: 'admin', username: 'admin' },
      { role: 'moderator', username: 'moderator' },
    ]);

    const avatar = await readFile(path.join(dir, all[0]!.avatar_url!.replace('/files/', '')), 'utf8');
    expect(avatar).toContain('<svg');

    const second = await seedDemoData(database.db, storage, logger);
    expect(second.created).toBe(false);
    expect(await database.db.select().from(profiles)).toHaveLength(DEMO_MEMBERS.length);
    expect(await database.db.select({ id: products.id }).from(products)).toHaveLength(DEMO_LISTING_COUNT);
  });

  it('lists demo gear in every category, condition and gear type, with photos, places and sales', async () => {
    const listings = await database.db.select().from(products);
    expect(new Set(listings.map((l) => l.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(listings.map((l) => l.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(listings.flatMap((l) => l.gear_types))).toEqual(new Set(GEAR_TYPES));
    expect(new Set(listings.map((l) => l.location)).size).toBeGreaterThanOrEqual(25);
    expect(listings.every((l) => l.location_lat !== null && l.images.length >= 1)).toBe(true);
    expect(listings.some((l) => l.is_featured)).toBe(true);
    expect(listings.some((l) => l.moderation_status === 'pending')).toBe(true);
    const sold = listings.filter((l) => l.sold);
    expect(sold.length).toBeGreaterThan(5);
    expect(sold.every((l) => l.buyer_id && l.buyer_id !== l.seller_id && !l.visible_in_marketplace)).toBe(
      true,
    );
    expect(sold.some((l) => l.transaction_rating !== null)).toBe(true);

    // A photo is a real webp file in the product-images bucket.
    const photo = await readFile(path.join(dir, listings[0]!.images[0]!.replace('/files/', '')));
    expect(photo.subarray(8, 12).toString('ascii')).toBe('WEBP');

    // Sellers' counts agree with their listings.
    const [seller] = await database.db.select().from(profiles).where(eq(profiles.id, sold[0]!.seller_id));
    const theirs = listings.filter((l) => l.seller_id === seller!.id);
    expect(seller!.products_count).toBe(theirs.length);
    expect(seller!.sales_count).toBe(theirs.filter((l) => l.sold).length);
  });
});
