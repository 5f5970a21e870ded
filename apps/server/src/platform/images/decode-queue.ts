import { Semaphore } from 'async-mutex';

/**
 * A photo of this many pixels decodes in one slot of the queue; a larger one takes a slot for
 * each such share of its pixels (all the slots at most).
 */
export const PIXELS_PER_SLOT = 16_000_000;

/**
 * Image work takes turns. A decode's memory grows with the image (a 9000 × 9000 photo is 243 MB
 * of pixels, and the allocator keeps much of what each decode used), so the queue has `slots`
 * slots, a decode takes one slot for every PIXELS_PER_SLOT of its pixels, and the largest photos
 * take them all: they decode one at a time, while ordinary photos share the cores. Waiters are
 * served in order of arrival: a small job never overtakes a large one waiting for every slot.
 */
export interface DecodeQueue {
  /** Runs `job`, a decode of an image of `pixels` pixels, when its slots are free. */
  run<T>(pixels: number, job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly active: number;
  /** Jobs waiting for their slots. */
  readonly waiting: number;
  readonly slots: number;
}

/** The slots a decode of `pixels` pixels takes in a queue of `slots` slots. */
export function slotsFor(pixels: number, slots: number): number {
  return Math.min(slots, Math.max(1, Math.ceil(pixels / PIXELS_PER_SLOT)));
}

export function createDecodeQueue(slots: number): DecodeQueue {
  if (!Number.isInteger(slots) || slots < 1) throw new Error('slots must be a positive integer');
  // async-mutex's weighted semaphore serves its queue in order: a newcomer goes straight in only
  // when no one waits and its weight fits.
  const semaphore = new Semaphore(slots);
  let active = 0;
  let waiting = 0;
  return {
    slots,
    async run<T>(pixels: number, job: () => Promise<T>): Promise<T> {
      waiting += 1;
      let started = false;
      try {
        return await semaphore.runExclusive(
          async () => {
            waiting -= 1;
            started = true;
            active += 1;
            try {
              return await job();
            } finally {
              active -= 1;
            }
          },
          slotsFor(pixels, slots),
        );
      } finally {
        if (!started) waiting -= 1;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}
