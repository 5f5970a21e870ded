/** Offers are listed 10 to a page (the profile's tabs; the first page also on a member's home). */
export const OFFERS_PAGE_SIZE = 10;

/** Query keys of offers. */
export const offerKeys = {
  all: ['offers'] as const,
  lists: () => ['offers', 'list'] as const,
  list: (role: 'received' | 'made', status: 'open' | 'all', page: number) =>
    ['offers', 'list', role, status, page] as const,
  /** The offers between the caller and another member (their conversation's cards); a list, so steps refresh it. */
  with: (memberId: string) => ['offers', 'list', 'with', memberId] as const,
  /** The caller's open offer on a listing. */
  mine: (listingId: string) => ['offers', 'mine', listingId] as const,
};
