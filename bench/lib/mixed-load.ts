/**
 * The mixed traffic of the load and faults suites: browsing (home rows, the newest page),
 * searching (text, category and price, radius), listing detail (a third of them signed in),
 * messages and likes, 6 : 5 : 5 : 2 : 2 out of every 20 requests.
 */
export type MixedKind = 'browse' | 'search' | 'detail' | 'message' | 'like';

/** Out of 20 requests. */
export const MIX: [MixedKind, number][] = [
  ['browse', 6],
  ['search', 5],
  ['detail', 5],
  ['message', 2],
  ['like', 2],
];

const KINDS = MIX.flatMap(([kind, share]) => Array.from({ length: share }, () => kind));

const SEARCHES = [
  '/api/listings?q=shimano%20spinning',
  '/api/listings?category=reels&price=100-400',
  '/api/listings?lat=30.2672&lng=-97.7431&radius=50&sort=distance',
  '/api/listings?category=rods&sort=price_asc',
];

/** Request `i` of the mix: what it is, where it goes, whether it is the member's, on which listing. */
export interface MixedRequest {
  kind: MixedKind;
  method: 'GET' | 'POST';
  /** The path; a message's is '/api/messages', its body the caller's. */
  path: string;
  signedIn: boolean;
}

export function mixedRequest(i: number, listingIds: readonly string[]): MixedRequest {
  const kind = KINDS[i % KINDS.length]!;
  const listing = listingIds[(i * 7919) % listingIds.length]!;
  switch (kind) {
    case 'browse':
      return {
        kind,
        method: 'GET',
        path: i % 2 ? '/api/listings/home' : '/api/listings?page=1',
        signedIn: false,
      };
    case 'search':
      return { kind, method: 'GET', path: SEARCHES[i % SEARCHES.length]!, signedIn: false };
    case 'detail':
      return { kind, method: 'GET', path: `/api/listings/${listing}`, signedIn: i % 3 === 0 };
    case 'message':
      return { kind, method: 'POST', path: '/api/messages', signedIn: true };
    case 'like':
      return { kind, method: 'POST', path: `/api/listings/${listing}/like`, signedIn: true };
  }
}
