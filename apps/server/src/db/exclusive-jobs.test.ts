import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-engine.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A job that runs until `finish` is called. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = 0;
  return {
    work: async () => {
      started += 1;
      await done;
      return 'swept';
    },
    finish,
    started: () => started,
  };
}

describe('background jobs across instances', () => {
  it('on PostgreSQL runs a job on one instance at a time: another skips it while it runs', async () => {
    // Each call holds its own pooled connection, as another instance's would.
    const first = heldJob();
    const running = database.exclusive('offer-expiry', first.work);
    await expect.poll(first.started).toBe(1);

    const second = heldJob();
    const outcome = database.exclusive('offer-expiry', second.work);
    if (testEngine() === 'postgres') {
      expect(await outcome).toBeUndefined();
      expect(second.started()).toBe(0);
    } else {
      // PGlite belongs to one process: there is no other instance to leave the job to.
      await expect.poll(second.started).toBe(1);
      second.finish();
      expect(await outcome).toBe('swept');
    }
    // Another job is not held up by this one.
    expect(await database.exclusive('rate-limit-cleanup', async () => 'cleaned')).toBe('cleaned');

    first.finish();
    expect(await running).toBe('swept');
    expect(await database.exclusive('offer-expiry', async () => 'next tick')).toBe('next tick');
  });

  it('runs the job and returns its result when nobody else holds it, and releases it after a failure', async () => {
    await expect(
      database.exclusive('failing-job', async () => {
        throw new Error('sweep failed');
      }),
    ).rejects.toThrow('sweep failed');
    expect(await database.exclusive('failing-job', async () => 42)).toBe(42);
  });
});
