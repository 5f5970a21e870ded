// Plain values only (no zod): the marketplace's first load reads these.

/** Saved searches per member, the longest name, matches listed per page. */
export const ALERT_LIMITS = { perMember: 20, nameMax: 60, matchesPage: 50 } as const;
