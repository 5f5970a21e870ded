import type { CurrentUserDto, ListingDto } from '@castline/shared';
import { hasPermissions } from '@castline/shared';

/** Only the seller changes a listing; a moderator (content.moderate) may too. The server checks the same rule. */
export function canEditListing(
  user: Pick<CurrentUserDto, 'id' | 'is_admin' | 'permissions'>,
  listing: Pick<ListingDto, 'seller_id'>,
): boolean {
  if (listing.seller_id === user.id) return true;
  const actor = { is_admin: user.is_admin, permissions: user.permissions, hasAdminRole: user.is_admin };
  return hasPermissions(actor, ['content.moderate']);
}
