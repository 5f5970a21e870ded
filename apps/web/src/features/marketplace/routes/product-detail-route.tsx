import { SHELL_MESSAGES } from '@castline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PackageSearch, X } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingSkeleton, Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The part of a listing these pages read until the listings contract lands in @castline/shared
 * (it will replace this schema; unknown fields are ignored meanwhile).
 */
export const ListingHeadDto = z.object({ id: z.string(), title: z.string() });
export type ListingHeadDto = z.infer<typeof ListingHeadDto>;

export const listingKeys = {
  all: ['listings'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
};

export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/api/listings/${encodeURIComponent(id)}`, ListingHeadDto, signal),
  });
}

interface CloseState {
  fromProfile?: unknown;
  from?: unknown;
  previousPath?: unknown;
}

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search, hash } = value as { pathname: string; search?: unknown; hash?: unknown };
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return undefined;
}

/** Only addresses inside the app (never "//other.host"). */
function isInAppPath(path: string | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/**
 * Where 'Close' on a product detail goes (spec 000 §2): back to the profile it was opened from (the
 * path in `state.from` or `state.previousPath`, else /profile), otherwise to the marketplace.
 */
export function closeTargetFor(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '/marketplace';
  const { fromProfile, from, previousPath } = state as CloseState;
  const fromPath = pathOf(from);
  const openedFromProfile = fromProfile === true || (fromPath?.startsWith('/profile') ?? false);
  if (!openedFromProfile) return '/marketplace';
  return [fromPath, pathOf(previousPath)].find(isInAppPath) ?? '/profile';
}

/** A listing's page (/marketplace/:id and /product/:id). */
export function ProductDetailRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const listing = useQuery({ ...listingQueryOptions(id), enabled: id !== '' });

  const close = () => void navigate(closeTargetFor(location.state));
  const closeButton = (
    <Button variant="secondary" onClick={close}>
      <X aria-hidden="true" size={18} />
      Close
    </Button>
  );

  const notFound = !id || (listing.isError && isApiError(listing.error) && listing.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>{`${SHELL_MESSAGES.productNotFound} · Castline`}</title>
        <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <PackageSearch aria-hidden="true" size={28} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{SHELL_MESSAGES.productNotFound}</h1>
          <p className="text-ink-muted">
            This listing may have been sold, removed by its seller, or the link may be mistyped.
          </p>
          {closeButton}
        </Card>
      </div>
    );
  }

  if (listing.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>Listing · Castline</title>
        <h1 className="sr-only">Listing</h1>
        <LoadingSkeleton label="Loading listing" className="grid gap-6 md:grid-cols-2">
          <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
          <div className="flex flex-col gap-4">
            <Skeleton className="h-8 w-3/4" />
            <Skeleton className="h-6 w-1/4" />
            <SkeletonText lines={4} />
          </div>
        </LoadingSkeleton>
      </div>
    );
  }

  if (listing.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <title>Listing · Castline</title>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">Listing</h1>
        <Alert tone="error" title={SHELL_MESSAGES.failedToLoadProduct}>
          <p>{listing.error.message}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => void listing.refetch()}>
              Try again
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              Close
            </Button>
          </div>
        </Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${listing.data.title} · Castline`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {listing.data.title}
        </h1>
        <div className="shrink-0">{closeButton}</div>
      </div>
    </div>
  );
}
