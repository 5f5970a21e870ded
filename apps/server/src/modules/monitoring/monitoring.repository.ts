import { count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { monitoringErrors, monitoringEvents } from '../../db/schema/index.js';

export type MonitoringErrorRow = typeof monitoringErrors.$inferSelect;
export type NewMonitoringError = typeof monitoringErrors.$inferInsert;
export type MonitoringEventRow = typeof monitoringEvents.$inferSelect;
export type NewMonitoringEvent = typeof monitoringEvents.$inferInsert;

export interface ErrorGroupRow {
  fingerprint: string;
  message: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  lastStack: string | null;
  sources: string[];
}

/** Accepts a timestamp column value as PostgreSQL drivers return it from raw SQL (Date or text). */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function createMonitoringRepository(db: Database) {
  return {
    /** One insert for the whole batch. */
    async insertErrors(rows: NewMonitoringError[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(monitoringErrors).values(rows);
    },

    async insertEvents(rows: NewMonitoringEvent[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(monitoringEvents).values(rows);
    },

    /** Errors grouped by fingerprint, the most recently seen group first. */
    async errorGroups(limit: number, offset: number): Promise<{ rows: ErrorGroupRow[]; total: number }> {
      const lastSeen = sql<unknown>`max(${monitoringErrors.timestamp})`;
      const [rows, totals] = await Promise.all([
        db
          .select({
            fingerprint: monitoringErrors.fingerprint,
            message: sql<string>`(array_agg(${monitoringErrors.message} order by ${monitoringErrors.timestamp} desc))[1]`,
            count: sql<number>`count(*)::int`,
            firstSeen: sql<unknown>`min(${monitoringErrors.timestamp})`,
            lastSeen,
            lastStack: sql<
              string | null
            >`(array_agg(${monitoringErrors.stack} order by ${monitoringErrors.timestamp} desc))[1]`,
            sources: sql<
              string[]
            >`array_agg(distinct ${monitoringErrors.source} order by ${monitoringErrors.source})`,
          })
          .from(monitoringErrors)
          .groupBy(monitoringErrors.fingerprint)
          .orderBy(desc(lastSeen), monitoringErrors.fingerprint)
          .limit(limit)
          .offset(offset),
        db.select({ total: countDistinct(monitoringErrors.fingerprint) }).from(monitoringErrors),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row,
          count: Number(row.count),
          firstSeen: toDate(row.firstSeen),
          lastSeen: toDate(row.lastSeen),
        })),
        total: Number(totals[0]?.total ?? 0),
      };
    },

    /** The latest occurrences of one group, newest first. */
    async occurrences(fingerprint: string, limit: number): Promise<MonitoringErrorRow[]> {
      return db
        .select()
        .from(monitoringErrors)
        .where(eq(monitoringErrors.fingerprint, fingerprint))
        .orderBy(desc(monitoringErrors.timestamp), desc(monitoringErrors.created_at))
        .limit(limit);
    },

    /** Events newest first, optionally of one type. */
    async events(
      type: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: MonitoringEventRow[]; total: number }> {
      const where = type ? eq(monitoringEvents.event_type, type) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(monitoringEvents)
          .where(where)
          .orderBy(desc(monitoringEvents.timestamp), desc(monitoringEvents.created_at))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(monitoringEvents).where(where),
      ]);
      return { rows, total: Number(totals[0]?.total ?? 0) };
    },

    /** A trivial round trip, timed by the metrics endpoint. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type MonitoringRepository = ReturnType<typeof createMonitoringRepository>;
