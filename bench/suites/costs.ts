/**
 * Costs: what one request of each kind of the mixed load (bench/lib/mixed-load.ts) costs the
 * server and the database, one request at a time, on PostgreSQL over the load suite's data
 * (20,000 listings, 50 signed-in members): the SQL statements it runs (counted from the app's
 * `pg` clients; a transaction's BEGIN and COMMIT count), the server's CPU time and PostgreSQL's.
 *
 * Latency under load depends on the machine; these do much less. The statement counts do not at
 * all: each kind is held to its count, so that a change adding a round trip to a hot path shows
 * here. The CPU times are read for comparing code on one machine: the server's is this process's
 * (the app runs in it, requests through `app.inject`, whose own work is included), PostgreSQL's
 * is the CPU time its backends for the bench database used (read from /proc, so only when the
 * server runs on this machine), each over a batch of one kind and divided by its size.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { captureSql, signedInMembers, startBenchAppOnPostgres, type BenchMember } from '../lib/bench-app.js';
import { loadListings, publicListingIds } from '../lib/listings-data.js';
import { mixedRequest, type MixedRequest } from '../lib/mixed-load.js';
import type { BenchRow, Suite } from '../lib/report.js';

const LISTINGS = 20_000;
const MEMBERS = 50;
/** Requests of each kind measured (after as many untimed). */
const BATCH = 200;
/** Each kind's statements at most: today's count for each. */
const STATEMENT_BUDGETS: Record<string, number> = {
  'newest page': 1,
  'home rows': 3,
  'search: full text': 2,
  'search: category + price': 1,
  'search: radius by distance': 1,
  'search: category by price': 1,
  'listing detail (guest)': 1,
  'listing detail (member)': 2,
  message: 11,
  like: 3,
};

/** The request kinds, by name: mixedRequest's kinds, with browse, search and detail split. */
function kindOf(request: MixedRequest): string {
  if (request.kind === 'browse') return request.path.endsWith('/home') ? 'home rows' : 'newest page';
  if (request.kind === 'search') {
    if (request.path.includes('q=')) return 'search: full text';
    if (request.path.includes('radius=')) return 'search: radius by distance';
    if (request.path.includes('price=')) return 'search: category + price';
    return 'search: category by price';
  }
  if (request.kind === 'detail')
    return request.signedIn ? 'listing detail (member)' : 'listing detail (guest)';
  return request.kind;
}

/** CPU milliseconds each of PostgreSQL's backends for the database has used, or null when not readable here. */
async function databaseCpuMs(client: pg.Client): Promise<Map<number, number> | null> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const used = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
    }
  } catch {
    return null;
  }
  return used;
}

/**
 * What the backends used between two readings: those of both by their difference, those started
 * since in full. One that ended in between (the pool lets idle connections go) had been idle.
 */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0);
  return total;
}

export const run: Suite = async (options) => {
  if (!options.databaseUrl) {
    options.log('costs: skipped (no PostgreSQL server)');
    return [];
  }
  const started = await startBenchAppOnPostgres('costs', options.databaseUrl, {
    env: { TRUST_PROXY: 'true', NODE_ENV: 'production' },
  });
  const observer = new pg.Client({ connectionString: started.databaseUrl });
  await observer.connect();
  try {
    await loadListings(started.pool, {
      listings: LISTINGS,
      rebuildIndexes: true,
      log: (line) => options.log(`costs: ${line}`),
    });
    const listingIds = await publicListingIds(started.pool, 500);
    const members = await signedInMembers(started.database, MEMBERS, 'costs');

    // The mix's requests, grouped by kind, as many as each batch needs (twice: untimed, then timed).
    const byKind = new Map<string, { request: MixedRequest; index: number }[]>();
    for (
      let index = 0;
      [...byKind.values()].filter((list) => list.length >= 2 * BATCH).length < 10;
      index += 1
    ) {
      const request = mixedRequest(index, listingIds);
      const list = byKind.get(kindOf(request)) ?? [];
      if (list.length < 2 * BATCH) list.push({ request, index });
      byKind.set(kindOf(request), list);
    }
    const send = (request: MixedRequest, index: number, member: BenchMember) =>
      started.app.inject({
        method: request.method,
        url: request.path,
        headers: {
          'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          ...(request.signedIn ? { cookie: member.cookie } : {}),
        },
        ...(request.kind === 'message'
          ? {
              payload: {
                recipient_id: members[(index + 1) % MEMBERS]!.id,
                content: `Is it still available? (${index})`,
                client_id: randomUUID(),
              },
            }
          : {}),
      });

    const rows: BenchRow[] = [];
    for (const [kind, list] of byKind) {
      const answer = async ({ request, index }: { request: MixedRequest; index: number }) => {
        const response = await send(request, index, members[index % MEMBERS]!);
        if (response.statusCode >= 300) {
          throw new Error(
            `${request.method} ${request.path} answered ${response.statusCode}: ${response.body}`,
          );
        }
      };
      for (const item of list.slice(0, BATCH)) await answer(item);
      const captured = await captureSql(
        { engine: 'postgres', pool: started.pool, databaseUrl: started.databaseUrl },
        () => answer(list[BATCH]!),
      );
      const timed = list.slice(BATCH + 1);
      const databaseBefore = await databaseCpuMs(observer);
      const cpuBefore = process.cpuUsage();
      for (const item of timed) await answer(item);
      const cpu = process.cpuUsage(cpuBefore);
      const databaseAfter = await databaseCpuMs(observer);
      const serverCpuMs = (cpu.user + cpu.system) / 1000 / timed.length;
      const databaseMs =
        databaseBefore === null || databaseAfter === null
          ? null
          : cpuBetween(databaseBefore, databaseAfter) / timed.length;
      rows.push({
        suite: `costs (PostgreSQL, ${LISTINGS.toLocaleString('en-US')} listings, one request at a time)`,
        name: kind,
        value: captured.statements.length,
        unit: 'statements',
        metrics: {
          statements: captured.statements.length,
          serverCpuMs,
          ...(databaseMs === null ? {} : { databaseCpuMs: databaseMs }),
        },
        budgets: [{ metric: 'metrics.statements', kind: 'max', limit: STATEMENT_BUDGETS[kind] ?? 0 }],
        note: `${list[0]!.request.method} ${list[0]!.request.path.replace(/[0-9a-f-]{36}/, ':id')}${list[0]!.request.signedIn ? ' (signed in)' : ''}; server CPU ${serverCpuMs.toFixed(2)} ms a request (in this process, through app.inject)${databaseMs === null ? '; PostgreSQL CPU not readable here' : `, PostgreSQL CPU ${databaseMs.toFixed(2)} ms`}; over ${timed.length} requests after ${BATCH} untimed`,
      });
    }
    return rows;
  } finally {
    await observer.end();
    await started.stop();
  }
};
