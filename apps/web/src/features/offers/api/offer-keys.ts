/** Query keys of offers. */
export const offerKeys = {
  all: ['offers'] as const,
  lists: () => ['offers', 'list'] as const,
  list: (role: 'received' | 'made', status: 'open' | 'all', page: number) =>
    ['offers', 'list', role, status, page] as const,
  /** The caller's open offer on a listing. */
  mine: (listingId: string) => ['offers', 'mine', listingId] as const,
};
