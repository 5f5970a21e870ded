import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, profiles } from '../db/schema/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { createLocalFileStorage } from '../platform/storage/file-storage.js';
import { openTestDatabase } from '../../test/test-database.js';
import { DEMO_MEMBERS, seedDemoData } from './demo-seed.js';

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
  });
});
