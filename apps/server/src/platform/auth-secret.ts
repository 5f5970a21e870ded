import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { systemSettings } from '../db/schema/index.js';

const KEY = 'auth_secret';

/**
 * AUTH_SECRET when set; otherwise a random secret generated once and kept in the database,
 * so that every instance sharing the database signs sessions and links alike.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemSettings)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, KEY));
  if (!row) throw new Error('could not store the generated auth secret');
  return row.value;
}
