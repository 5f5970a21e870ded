import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, post, uniqueEmail, uniqueIp } from '../../../test/factories.js';
import { RESET_REQUEST_FLOOR_MS } from './accounts.service.js';

/**
 * Whether an email has an account must not show in how long the answer takes. Known and unknown
 * emails are sent in turns, a known one right before an unknown one, and each pair's difference
 * taken, so that the machine's load weighs on both sides of a pair alike (a busy moment slows a
 * pair, not one side of the comparison): the median difference may be at most 30% of the slower
 * median plus 2 ms. Skipping the password hash for an unknown email (sign-in) would make it ~10×
 * faster, far outside that.
 */
const t = useTestApp();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timings(url: string, body: (email: string) => object, knownEmails: string[]) {
  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  for (const email of knownEmails) {
    for (const [list, address] of [
      [known, email],
      [unknown, uniqueEmail()],
    ] as const) {
      const started = performance.now();
      const response = await post(t.app, url, body(address), { ip: uniqueIp() });
      list.push(performance.now() - started);
      answers.add(`${response.statusCode} ${response.body}`);
    }
  }
  return {
    known: median(known),
    unknown: median(unknown),
    difference: median(known.map((time, i) => time - unknown[i]!)),
    answers: [...answers],
  };
}

function expectNearEqual({
  known,
  unknown,
  difference,
}: {
  known: number;
  unknown: number;
  difference: number;
}) {
  expect(
    Math.abs(difference),
    `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms, a pair's difference ${difference.toFixed(1)} ms (median)`,
  ).toBeLessThanOrEqual(0.3 * Math.max(known, unknown) + 2);
}

describe('the same answer, in the same time, for known and unknown emails', () => {
  it('sign-in with a wrong password', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.database.db)));
    const result = await timings(
      '/api/auth/sign-in',
      (email) => ({ email, password: 'not-the-password-1' }),
      members.map((member) => member.email),
    );
    expect(result.answers).toEqual([
      '401 {"error":{"code":"INVALID_CREDENTIALS","message":"Invalid email or password"}}',
    ]);
    expectNearEqual(result);
  });

  it('a password reset request', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.database.db)));
    const result = await timings(
      '/api/auth/request-password-reset',
      (email) => ({ email }),
      members.map((member) => member.email),
    );
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatch(/^200 /);
    // Both wait for the floor, so the token and mail written for a known email do not show.
    expect(result.unknown).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 1);
    expectNearEqual(result);
  }, 30_000);

  it('a new verification link', async () => {
    const members = await Promise.all(
      Array.from({ length: 5 }, () => buildUser(t.database.db, { emailVerified: false })),
    );
    const result = await timings(
      '/api/auth/send-verification-email',
      (email) => ({ email }),
      members.map((member) => member.email),
    );
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatch(/^200 /);
    expectNearEqual(result);
  }, 30_000);
});
