/**
 * User-facing texts quoted by the specification. Use them verbatim; never re-type them
 * elsewhere. Texts the specification does not give are marked as Castline's own.
 */
export const APP_MESSAGES = {
  missingEnv: 'Missing or invalid environment variables',
  notFound: 'Not found',
  internal: 'An unexpected error occurred. Please try again.',
  invalidRequest: 'The request is invalid.',
  nulCharacter: 'Text cannot contain the NUL character.',
} as const;

/**
 * A missing profile (spec 001). AUTH_MESSAGES.profileNotFound is this text; the profile page reads
 * it from here, without the other account texts.
 */
export const PROFILE_NOT_FOUND = 'Profile not found';

/** Access texts (spec 000 §6, 001 §5). */
export const ACCESS_MESSAGES = {
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: "You don't have the required permissions to access this page.",
  insufficientPermissions: 'Access denied: Insufficient permissions',
  captainsOnly: "The Captain's Club is open to captains only.",
} as const;

/** App shell texts (spec 000 §8). */
export const SHELL_MESSAGES = {
  loadingErrorTitle: 'Loading Error',
  chunkLoadFailed: 'Failed to load page component. This may be due to network issues or an expired session.',
  renderFailedTitle: 'Something went wrong',
  renderFailedBody: 'An error occurred while rendering the application. Please try refreshing the page.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  productNotFound: 'Product not found',
  failedToLoadProduct: 'Failed to load product details',
  noImageMetrics: 'No image metrics collected yet',
} as const;
