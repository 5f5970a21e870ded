import type { ListingDto } from '@castline/shared';
import { Pencil } from 'lucide-react';
import { Link } from '../../../../lib/router';
import { buttonClasses } from '../../../../components/ui/button';
import { DeleteListingButton } from './delete-listing-dialog';
import { MarkSoldButton } from './mark-sold-button';

/** Edit, Mark as sold and Delete: the seller's tools, and a moderator's (Edit and Delete). */
export function ManageListing({
  listing,
  isOwner,
  canMarkSold,
}: {
  listing: ListingDto;
  isOwner: boolean;
  canMarkSold: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={isOwner ? 'Manage your listing' : 'Moderate this listing'}
      className="flex flex-wrap gap-2 border-t border-line pt-3"
    >
      <Link
        to={`/marketplace/${encodeURIComponent(listing.id)}/edit`}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <Pencil aria-hidden="true" size={16} />
        Edit
      </Link>
      {canMarkSold && <MarkSoldButton listing={listing} />}
      <DeleteListingButton listing={listing} afterDelete={isOwner ? '/profile' : '/marketplace'} />
    </div>
  );
}
