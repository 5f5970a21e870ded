/** Pages a signed-in member has no use for; a member is never sent back to one of these. */
export const GUEST_ONLY_PATHS: readonly string[] = [
  '/auth/login',
  '/auth/signup',
  '/login',
  '/signup',
  '/verify-email',
];

interface AddressLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/** What a redirect to sign-in remembers in `location.state`: where the visitor wanted to go. */
export interface FromState {
  from?: AddressLike | string;
}

/** The in-app address kept in `location.state.from`, or '/' when there is none (or it is unsafe). */
export function redirectTargetFrom(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as FromState).from : undefined;
  let path = '';
  if (typeof from === 'string') path = from;
  else if (from && typeof from.pathname === 'string') {
    path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  const pathname = path.split(/[?#]/)[0] ?? '';
  return GUEST_ONLY_PATHS.includes(pathname) ? '/' : path;
}
