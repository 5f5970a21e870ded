import { MONITORING_LIMITS } from '@castline/shared';

export interface ErrorQuota {
  /** How many of `wanted` errors the member may still store in the current window. */
  take(memberId: string, wanted: number, now?: number): number;
}

/**
 * 50 errors per member per 60 s (spec 001 §8), counted in fixed windows in this process. Several
 * instances each apply the limit, which is enough to keep one noisy tab from flooding the store.
 */
export function createErrorQuota(
  limit: number = MONITORING_LIMITS.errorRateLimit,
  windowMs: number = MONITORING_LIMITS.errorRateWindowMs,
): ErrorQuota {
  const windows = new Map<string, { start: number; used: number }>();
  let lastSweep = 0;

  const sweep = (now: number) => {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
  };

  return {
    take(memberId, wanted, now = Date.now()) {
      sweep(now);
      let window = windows.get(memberId);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, used: 0 };
        windows.set(memberId, window);
      }
      const granted = Math.max(0, Math.min(wanted, limit - window.used));
      window.used += granted;
      return granted;
    },
  };
}
