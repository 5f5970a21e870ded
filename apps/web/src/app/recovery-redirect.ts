interface AddressParts {
  pathname: string;
  search: string;
  hash: string;
}

function resetPasswordPath(token: string): string {
  return `/reset-password?${new URLSearchParams({ token }).toString()}`;
}

/**
 * Password recovery links may arrive in two older shapes: a hash with `type=recovery` and an
 * `access_token`, or an /auth/* page with a `token` query. Both belong to /reset-password?token=….
 */
export function recoveryRedirectTarget({ pathname, search, hash }: AddressParts): string | null {
  const hashParams = new URLSearchParams(hash.replace(/^#/, ''));
  const accessToken = hashParams.get('access_token');
  if (hashParams.get('type') === 'recovery' && accessToken) return resetPasswordPath(accessToken);

  if (pathname.startsWith('/auth/')) {
    const token = new URLSearchParams(search).get('token');
    if (token) return resetPasswordPath(token);
  }
  return null;
}
