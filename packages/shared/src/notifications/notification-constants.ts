// Plain values only (no zod): the web app reads these on every page's first load.

/** Spec 001 §9. */
export const NOTIFICATION_LIMITS = {
  fetched: 100,
  perTypeInDropdown: 5,
  staleMs: 60_000,
  syncIntervalMs: 30_000,
  badgeMax: 9,
} as const;
