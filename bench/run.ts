/**
 * Benchmarks with budgets (not part of the test run): `npm run bench`.
 * Builds the real app in-process on a fresh PGlite database and measures the account hot
 * paths. Prints each measurement next to its budget and exits 1 when one is over.
 */
import { startBenchApp } from './bench-app.js';
import { accounts, users } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/modules/accounts/password-hasher.js';

interface Budget {
  name: string;
  iterations: number;
  p50Ms: number;
  p95Ms: number;
  run: (i: number) => Promise<void>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(budget: Budget): Promise<boolean> {
  for (let i = 0; i < 5; i += 1) await budget.run(i);
  const times: number[] = [];
  for (let i = 0; i < budget.iterations; i += 1) {
    const started = performance.now();
    await budget.run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const ok = p50 <= budget.p50Ms && p95 <= budget.p95Ms;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${budget.name.padEnd(42)} p50 ${p50.toFixed(1).padStart(6)} ms (budget ${budget.p50Ms})  p95 ${p95
      .toFixed(1)
      .padStart(6)} ms (budget ${budget.p95Ms})  n=${budget.iterations}`,
  );
  return ok;
}

const { app, database, stop } = await startBenchApp('bench');

const password = 'bench-password-1';
const hash = await hashPassword(password);
const emails: string[] = [];
for (let i = 0; i < 200; i += 1) {
  const [user] = await database.db
    .insert(users)
    .values({ name: `bench_${i}`, email: `bench${i}@example.com`, emailVerified: true })
    .returning({ id: users.id });
  await database.db
    .insert(accounts)
    .values({ accountId: user!.id, providerId: 'credential', userId: user!.id, password: hash });
  emails.push(`bench${i}@example.com`);
}
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  payload: { email: emails[0], password },
});
const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

console.log('Castline benchmarks (in-process, PGlite, one core):');
const results = [
  await measure({
    name: 'GET /api/auth/session (signed in)',
    iterations: 300,
    p50Ms: 10,
    p95Ms: 25,
    run: async () => {
      const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
  }),
  await measure({
    name: 'GET /api/auth/session (guest)',
    iterations: 300,
    p50Ms: 3,
    p95Ms: 8,
    run: async () => {
      await app.inject({ method: 'GET', url: '/api/auth/session' });
    },
  }),
  await measure({
    name: 'POST /api/auth/sign-in (argon2id verify)',
    iterations: 100,
    p50Ms: 60,
    p95Ms: 120,
    run: async (i) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: emails[(i % 199) + 1], password },
        remoteAddress: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
  }),
];

await stop();
process.exit(results.every(Boolean) ? 0 : 1);
