import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.js';
import { buildUser, post, uniqueEmail, uniqueIp } from '../../../test/factories.js';
import { RESET_REQUEST_FLOOR_MS } from './accounts.service.js';

/**
 * Whether an email has an account must not show in how long the answer takes. Known and unknown
 * emails are sent in pairs, back to back, the pair's first turn alternating between them, and each
 * pair's difference taken, so that the machine's load weighs on both sides of a pair alike (a busy
 * moment slows a pair, not one side of the comparison); a first pair, untimed, warms the route. The
 * median difference may be at most 30% of the slower median plus 2 ms. Skipping the password hash
 * for an unknown email (sign-in) would make it ~10× faster, far outside that. A burst of load
 * beside the test (the suite runs two files at once on two cores) can still tip one measurement,
 * so one that is outside is taken again, once: a real difference is outside both times.
 */
const t = useTestApp();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

interface Timings {
  known: number;
  unknown: number;
  difference: number;
  answers: string[];
}

async function timings(
  url: string,
  body: (email: string) => object,
  knownEmails: string[],
): Promise<Timings> {
  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  const send = async (email: string) => {
    const started = performance.now();
    const response = await post(t.app, url, body(email), { ip: uniqueIp() });
    answers.add(`${response.statusCode} ${response.body}`);
    return performance.now() - started;
  };
  const [warmUp, ...emails] = knownEmails;
  await send(warmUp!);
  await send(uniqueEmail());
  for (const [i, email] of emails.entries()) {
    if (i % 2 === 0) {
      known.push(await send(email));
      unknown.push(await send(uniqueEmail()));
    } else {
      unknown.push(await send(uniqueEmail()));
      known.push(await send(email));
    }
  }
  return {
    known: median(known),
    unknown: median(unknown),
    difference: median(known.map((time, i) => time - unknown[i]!)),
    answers: [...answers],
  };
}

/** How far apart the pairs may be: 30% of the slower median plus 2 ms. */
const allowedDifference = ({ known, unknown }: Timings) => 0.3 * Math.max(known, unknown) + 2;
const nearEqual = (result: Timings) => Math.abs(result.difference) <= allowedDifference(result);

/**
 * The timings of `knownEmails`, measured again (with `moreKnownEmails`) when the first are apart;
 * the answers of both measurements are kept.
 */
async function steadyTimings(
  url: string,
  body: (email: string) => object,
  knownEmails: string[],
  moreKnownEmails: string[],
): Promise<Timings> {
  const first = await timings(url, body, knownEmails);
  if (nearEqual(first)) return first;
  const second = await timings(url, body, moreKnownEmails);
  return { ...second, answers: [...new Set([...first.answers, ...second.answers])] };
}

function expectNearEqual(result: Timings) {
  const { known, unknown, difference } = result;
  expect(
    nearEqual(result),
    `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms, a pair's difference ${difference.toFixed(1)} ms (median), over ${allowedDifference(result).toFixed(1)} ms`,
  ).toBe(true);
}

describe('the same answer, in the same time, for known and unknown emails', () => {
  it('sign-in with a wrong password', async () => {
    const members = await Promise.all(Array.from({ length: 34 }, () => buildUser(t.database.db)));
    const emails = members.map((member) => member.email);
    const result = await steadyTimings(
      '/api/auth/sign-in',
      (email) => ({ email, password: 'not-the-password-1' }),
      emails.slice(0, 17),
      emails.slice(17),
    );
    expect(result.answers).toEqual([
      '401 {"error":{"code":"INVALID_CREDENTIALS","message":"Invalid email or password"}}',
    ]);
    expectNearEqual(result);
  });

  it('a password reset request', async () => {
    const members = await Promise.all(Array.from({ length: 13 }, () => buildUser(t.database.db)));
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
      Array.from({ length: 6 }, () => buildUser(t.database.db, { emailVerified: false })),
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
