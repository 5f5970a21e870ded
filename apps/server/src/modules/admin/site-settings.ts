import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminSettings } from '../../db/schema/index.js';

export type SiteSettingsRow = typeof adminSettings.$inferSelect;

/**
 * The single admin_settings row (id 1), created with its defaults when it is missing. Other
 * modules read it to apply the settings: sign-ups open, listings needing approval.
 */
export async function readSiteSettings(executor: Executor): Promise<SiteSettingsRow> {
  const select = () => executor.select().from(adminSettings).where(eq(adminSettings.id, 1)).limit(1);
  // The row exists from migration 0006 on; the insert only runs on a database that lost it.
  const [existing] = await select();
  if (existing) return existing;
  await executor.insert(adminSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await select();
  if (!row) throw new Error('admin settings: the settings row is missing');
  return row;
}
