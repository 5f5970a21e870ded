import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

/** Rows in every table of the database (but `except`): a fingerprint of what a request wrote. */
export async function rowCounts(
  db: Database,
  except: ReadonlySet<string> = new Set(),
): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    if (except.has(table)) continue;
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}
