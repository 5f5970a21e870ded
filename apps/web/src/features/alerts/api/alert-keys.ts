/** Query keys of saved-search alerts and their matches. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: () => ['alerts', 'list'] as const,
  matches: (alertId: string | null, page: number) => ['alerts', 'matches', alertId ?? 'all', page] as const,
};
