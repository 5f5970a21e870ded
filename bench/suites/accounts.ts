/**
 * Account hot paths: the session check every page makes (signed in and as a guest) and a
 * password sign-in (argon2id verify), in-process on a fresh PGlite database. Floor for the
 * sign-in: argon2id verify alone on the same hash.
 */
import { accounts, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword, verifyPassword } from '../../apps/server/src/modules/accounts/password-hasher.js';
import { startBenchApp } from '../lib/bench-app.js';
import type { BenchRow, Suite } from '../lib/report.js';
import { ratioToFloor } from '../lib/report.js';
import { measure } from '../lib/stats.js';

const MEMBERS = 200;
const SUITE = 'accounts (PGlite, in-process)';

export const run: Suite = async ({ log }) => {
  const { app, database, stop } = await startBenchApp('bench-accounts');
  try {
    const password = 'bench-password-1';
    const hash = await hashPassword(password);
    const emails: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const [user] = await database.db
        .insert(users)
        .values({ name: `bench_${i}`, email: `bench${i}@example.com`, emailVerified: true })
        .returning({ id: users.id });
      await database.db
        .insert(accounts)
        .values({ accountId: user!.id, providerId: 'credential', userId: user!.id, password: hash });
      emails.push(`bench${i}@example.com`);
    }
    log(`accounts: ${MEMBERS} members ready`);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: emails[0], password },
    });
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const sessionMember = await measure(
      async () => {
        const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(response.body);
      },
      { iterations: 300 },
    );
    const sessionGuest = await measure(
      async () => {
        await app.inject({ method: 'GET', url: '/api/auth/session' });
      },
      { iterations: 300 },
    );
    const signIn = await measure(
      async (i) => {
        const n = Math.abs(i);
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: emails[(n % (MEMBERS - 1)) + 1], password },
          remoteAddress: `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      },
      { iterations: 100 },
    );
    const verifyOnly = await measure(
      async () => {
        if (!(await verifyPassword({ hash, password }))) throw new Error('verify failed');
      },
      { iterations: 100 },
    );

    const rows: BenchRow[] = [
      {
        suite: SUITE,
        name: 'GET /api/auth/session (signed in)',
        timings: sessionMember,
        budgets: [{ metric: 'p95', kind: 'max', limit: 25 }],
      },
      {
        suite: SUITE,
        name: 'GET /api/auth/session (guest)',
        timings: sessionGuest,
        budgets: [{ metric: 'p95', kind: 'max', limit: 8 }],
      },
      {
        suite: SUITE,
        name: 'POST /api/auth/sign-in',
        timings: signIn,
        floor: { name: 'argon2id verify alone', timings: verifyOnly },
        floorRatio: ratioToFloor(signIn, verifyOnly),
        budgets: [{ metric: 'p95', kind: 'max', limit: 120 }],
      },
    ];
    return rows;
  } finally {
    await stop();
  }
};
