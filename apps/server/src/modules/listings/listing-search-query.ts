import {
  criteriaFromListQuery,
  LISTING_MESSAGES as M,
  type ListingSearchCriteria,
  type ListListingsParams,
} from '@castline/shared';
import { ValidationError } from '../../http/errors.js';

function invalidFilter(path: string): ValidationError {
  return new ValidationError(M.invalidFilter, [{ path, message: M.invalidFilter }]);
}

/**
 * The search criteria of a validated GET /api/listings query. Coordinates come in pairs, and a
 * radius and the distance order need them: 400 'Invalid filter' on the field otherwise.
 */
export function searchCriteriaOf(query: ListListingsParams): ListingSearchCriteria {
  const hasLat = query.lat !== undefined;
  const hasLng = query.lng !== undefined;
  if (hasLat !== hasLng) throw invalidFilter(hasLat ? 'lng' : 'lat');
  if (query.radius !== undefined && !hasLat) throw invalidFilter('radius');
  if (query.sort === 'distance' && !hasLat) throw invalidFilter('sort');
  return criteriaFromListQuery(query);
}
