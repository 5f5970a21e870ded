import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminSettings } from '../../db/schema/index.js';

export type SiteSettingsRow = typeof adminSettings.$inferSelect;

/**
 * The single admin_settings row (id 1), created with its defaults when it is missing. Other
 * modules read it to apply the settings: sign-ups open, listings needing approval.
 */
export async function readSiteSettings(executor: Executor): Promise<SiteSettingsRow> {
  await executor.insert(adminSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await executor.select().from(adminSettings).where(eq(adminSettings.id, 1)).limit(1);
  if (!row) throw new Error('admin settings: the settings row is missing');
  return row;
}
