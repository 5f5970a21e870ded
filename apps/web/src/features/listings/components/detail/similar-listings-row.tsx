import { useId } from 'react';
import { LoadingSkeleton, Skeleton } from '../../../../components/ui/skeleton';
import { useSimilarListings } from '../../api/listing-detail.api';
import { ListingCard } from '../listing-card';
import { DETAIL_TEXTS } from './detail-texts';

const CARD_WIDTH = 'w-[15rem] shrink-0 snap-start sm:w-auto';

/**
 * Up to 8 listings like this one, in a row that scrolls sideways on a phone and wraps into a grid
 * on wider screens. Nothing is shown when there are none (or they could not be loaded).
 */
export function SimilarListingsRow({ listingId }: { listingId: string }) {
  const similar = useSimilarListings(listingId, true);
  const headingId = useId();

  if (similar.isError || (similar.isSuccess && similar.data.length === 0)) return null;

  const list =
    'flex snap-x gap-4 overflow-x-auto pb-2 sm:grid sm:grid-cols-2 sm:overflow-visible lg:grid-cols-4';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {DETAIL_TEXTS.similarTitle}
      </h2>
      {similar.isPending ? (
        <LoadingSkeleton label="Loading similar listings" className={list}>
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className={`${CARD_WIDTH} flex flex-col gap-3`}>
              <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          ))}
        </LoadingSkeleton>
      ) : (
        <ul className={list}>
          {similar.data.map((listing) => (
            <li key={listing.id} className={CARD_WIDTH}>
              <ListingCard listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
