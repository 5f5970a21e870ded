/**
 * Runs at most `concurrency` jobs at a time, the rest wait in order. Image work is CPU- and
 * memory-heavy (a 9000 × 9000 photo decodes to ~240 MB), so uploads and variant renders take
 * turns instead of all decoding at once.
 */
export interface JobLimiter {
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createJobLimiter(concurrency: number): JobLimiter {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error('concurrency must be a positive integer');
  let active = 0;
  const queue: (() => void)[] = [];

  // A finishing job hands its slot straight to the next waiter, so that no newcomer slips in.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (active >= concurrency) await new Promise<void>((resolve) => queue.push(resolve));
      else active += 1;
      try {
        return await job();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
