/** Matches are shown 20 to a page (the Captain's Club; the first page also on a member's home). */
export const ALERT_MATCHES_PAGE_SIZE = 20;

/** Query keys of saved-search alerts and their matches. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: () => ['alerts', 'list'] as const,
  matches: (alertId: string | null, page: number) => ['alerts', 'matches', alertId ?? 'all', page] as const,
};
