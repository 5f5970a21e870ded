import { actsAsCaptain } from '@castline/shared';
import type { AlertMatchDto, ConversationDto, CurrentUserDto, OfferDto, OfferStatus } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import { BellRing, HandCoins, MessagesSquare, PackageOpen, PackagePlus, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Badge, CountBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState, type EmptyStateProps } from '../../../components/ui/empty-state';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { LoadingSkeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { formatCount, formatDollars } from '../../../lib/format-number';
import { flattenPages, ListingsError, ListingImage, OwnListingRow } from '../../listings';
import {
  useMarkMatchOpened,
  useMyAlertMatches,
  useMyConversations,
  useMyListingsForSale,
  useMyOpenOffers,
} from '../api/member-home.api';
import { RowsSkeletonBlocks } from './member-sections-skeleton';

/*
 * The parts of a member's start page that are about them: their gear for sale, their
 * conversations, the offers waiting on either side and, for captains, what their saved searches
 * found. Loaded only for members (a guest's start page never needs this code).
 */

/** How many of each a section shows; its link leads to the rest. */
const SHOWN = 4;
const OFFERS_SHOWN = 3;

/** The sections in page order, each with its own data. */
export function MemberSections({ user }: { user: CurrentUserDto }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <YourListings userId={user.id} />
      <Conversations viewerId={user.id} />
      <OpenOffers />
      {actsAsCaptain(user) && <AlertMatches />}
    </div>
  );
}

interface SectionProps {
  title: string;
  icon: LucideIcon;
  /** A short count beside the title ("2 unread"). */
  summary?: ReactNode;
  /** The link to the whole list. */
  more?: ReactNode;
  children: ReactNode;
}

function Section({ title, icon: Icon, summary, more, children }: SectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
            <Icon aria-hidden="true" size={18} />
          </span>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {summary}
        </div>
        {more}
      </div>
      {children}
    </section>
  );
}

/** The small count beside a section's title. */
function Summary({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <p className={cn('text-sm whitespace-nowrap', strong ? 'font-semibold text-brand' : 'text-ink-muted')}>
      {children}
    </p>
  );
}

function MoreLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex min-h-9 items-center rounded-md text-sm font-semibold text-brand hover:underline"
    >
      {children}
    </Link>
  );
}

function BrowseMarketplace() {
  return (
    <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
      Browse the Marketplace
    </Link>
  );
}

function RowsSkeleton({ label, rows }: { label: string; rows?: number }) {
  return (
    <LoadingSkeleton label={label}>
      <RowsSkeletonBlocks rows={rows} />
    </LoadingSkeleton>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="error">
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

interface SectionRowsProps<T> {
  query: { isPending: boolean; isError: boolean; data: unknown; error: unknown; refetch: () => unknown };
  /** What the skeleton says while the rows load. */
  loadingLabel: string;
  /** The failure shown instead of the generic one (listings say it their own way). */
  failed?: ((error: unknown) => ReactNode) | undefined;
  items: readonly T[];
  /** The empty state: what would show here, and where to start. */
  empty: Pick<EmptyStateProps, 'icon' | 'title' | 'description' | 'action'>;
  listLabel: string;
  row: (item: T) => ReactNode;
}

/** A section's body: loading, failed (with a retry), empty, or its first rows. */
function SectionRows<T>({ query, loadingLabel, failed, items, empty, listLabel, row }: SectionRowsProps<T>) {
  if (query.isPending) return <RowsSkeleton label={loadingLabel} />;
  if (query.isError && !query.data) {
    return failed ? (
      failed(query.error)
    ) : (
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (items.length === 0) return <EmptyState {...empty} headingLevel={3} className="py-8 sm:py-8" />;
  return (
    <ul aria-label={listLabel} className="flex flex-col gap-2">
      {items.slice(0, SHOWN).map(row)}
    </ul>
  );
}

const rowClasses =
  'relative flex items-center gap-3 rounded-xl border border-line p-3 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring';
/** The row's one link covers the whole row. */
const coveringLink =
  'after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none';

// ---------------------------------------------------------------------------------------------

function YourListings({ userId }: { userId: string }) {
  const listings = useMyListingsForSale(userId);
  const { items, total } = flattenPages(listings.data);

  const body = (
    <SectionRows
      query={listings}
      loadingLabel="Loading your listings"
      failed={() => (
        <ListingsError message={listings.error?.message ?? ''} onRetry={() => void listings.refetch()} />
      )}
      items={items}
      empty={{
        icon: PackageOpen,
        title: 'No gear for sale',
        description:
          'List a rod, reel or tackle you no longer fish with: it shows here with its status while it is for sale.',
        action: (
          <Link to="/marketplace/new" className={buttonClasses()}>
            <PackagePlus aria-hidden="true" size={18} />
            List My Gear
          </Link>
        ),
      }}
      listLabel="Your listings for sale"
      row={(listing) => <OwnListingRow key={listing.id} listing={listing} from="/" compact />}
    />
  );

  return (
    <Section
      title="Your listings"
      icon={Store}
      summary={total > 0 && <Summary>{`${formatCount(total)} for sale`}</Summary>}
      more={
        <MoreLink to="/profile" label="Manage your listings">
          Manage
        </MoreLink>
      }
    >
      {body}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------

function Conversations({ viewerId }: { viewerId: string }) {
  const conversations = useMyConversations();
  const items = conversations.data?.items ?? [];
  const unread = items.reduce((sum, item) => sum + item.unread_count, 0);

  const body = (
    <SectionRows
      query={conversations}
      loadingLabel="Loading your conversations"
      items={items}
      empty={{
        icon: MessagesSquare,
        title: 'No conversations yet',
        description:
          "Ask a seller about their gear from any listing's page: your conversations show here, newest first.",
        action: <BrowseMarketplace />,
      }}
      listLabel="Latest conversations"
      row={(conversation) => (
        <ConversationRow key={conversation.id} conversation={conversation} viewerId={viewerId} />
      )}
    />
  );

  return (
    <Section
      title="Messages"
      icon={MessagesSquare}
      summary={unread > 0 && <Summary strong>{`${formatCount(unread)} unread`}</Summary>}
      more={<MoreLink to="/messages">All messages</MoreLink>}
    >
      {body}
    </Section>
  );
}

function ConversationRow({ conversation, viewerId }: { conversation: ConversationDto; viewerId: string }) {
  const { member, last_message: last, unread_count: unread } = conversation;
  const mine = last.sender_id === viewerId;
  return (
    <li className={cn(rowClasses, unread > 0 && 'border-brand/30 bg-brand-soft/50')}>
      <MemberAvatar url={member.avatar_url} className="size-10" iconSize={20} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex min-w-0 items-baseline justify-between gap-2">
          <Link
            to={`/messages/${encodeURIComponent(member.id)}`}
            className={cn('truncate text-ink', unread > 0 ? 'font-bold' : 'font-semibold', coveringLink)}
          >
            {member.username}
          </Link>
          <time
            dateTime={last.created_at}
            title={formatDateTime(last.created_at)}
            className="shrink-0 text-xs text-ink-muted"
          >
            {formatRelativeTime(last.created_at)}
          </time>
        </div>
        <p className={cn('truncate text-sm', unread > 0 ? 'text-ink' : 'text-ink-muted')}>
          {mine ? `You: ${last.content}` : last.content}
        </p>
      </div>
      <CountBadge count={unread} label="unread messages" className="shrink-0" />
    </li>
  );
}

// ---------------------------------------------------------------------------------------------

function OpenOffers() {
  const received = useMyOpenOffers('received');
  const made = useMyOpenOffers('made');

  let body;
  if (received.isPending || made.isPending) {
    body = <RowsSkeleton label="Loading your offers" rows={2} />;
  } else {
    body = (
      <div className="flex flex-col gap-5">
        <OfferGroup
          title="Received"
          listLabel="Open offers received"
          offers={received}
          role="received"
          empty="No open offers on your gear."
          more={{ to: '/profile?tab=offers-received', label: 'All offers received' }}
        />
        <OfferGroup
          title="Made"
          listLabel="Open offers made"
          offers={made}
          role="made"
          empty="None of your offers is waiting for an answer."
          more={{ to: '/profile?tab=offers-made', label: 'All offers made' }}
        />
      </div>
    );
  }

  return (
    <Section title="Offers" icon={HandCoins}>
      {body}
    </Section>
  );
}

interface OfferGroupProps {
  title: string;
  listLabel: string;
  offers: ReturnType<typeof useMyOpenOffers>;
  role: 'received' | 'made';
  empty: string;
  more: { to: string; label: string };
}

function OfferGroup({ title, listLabel, offers, role, empty, more }: OfferGroupProps) {
  const headingId = useId();
  const total = offers.data?.total ?? 0;

  let body;
  if (offers.isError && !offers.data) {
    body = <LoadFailed error={offers.error} onRetry={() => void offers.refetch()} />;
  } else if (!offers.data || total === 0) {
    body = <p className="text-sm text-ink-muted">{empty}</p>;
  } else {
    body = (
      <ul aria-label={listLabel} className="flex flex-col gap-2">
        {offers.data.items.slice(0, OFFERS_SHOWN).map((offer) => (
          <OfferRow key={offer.id} offer={offer} role={role} />
        ))}
      </ul>
    );
  }

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="font-semibold">
          {title}
          {total > 0 && (
            <span className="ml-2 text-sm font-normal text-ink-muted">{`${formatCount(total)} open`}</span>
          )}
        </h3>
        <MoreLink to={more.to}>{more.label}</MoreLink>
      </div>
      {body}
    </div>
  );
}

/** The states of an open offer (only open ones are shown here), as the offers pages name them. */
const OPEN_OFFER_STATUS: Partial<Record<OfferStatus, { label: string; tone: 'accent' | 'brand' }>> = {
  pending: { label: 'Pending', tone: 'accent' },
  countered: { label: 'Countered', tone: 'brand' },
};

/** "Expires in 2 days" (open offers only are shown here). */
function expiresText(offer: OfferDto): string {
  return new Date(offer.expires_at).getTime() <= Date.now()
    ? 'Expires any moment'
    : `Expires ${formatRelativeTime(offer.expires_at)}`;
}

function OfferRow({ offer, role }: { offer: OfferDto; role: 'received' | 'made' }) {
  const other = role === 'received' ? offer.buyer : offer.seller;
  const status = OPEN_OFFER_STATUS[offer.status];
  const terms = `${formatDollars(offer.amount)} ${role === 'received' ? 'from' : 'to'} @${other.username}`;
  return (
    <li className={rowClasses}>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={`/marketplace/${encodeURIComponent(offer.listing.id)}`}
          state={{ from: '/' }}
          className={cn('line-clamp-2 font-semibold break-words text-ink', coveringLink)}
        >
          {offer.listing.title}
        </Link>
        <p className="text-sm break-words text-ink-muted">
          {terms}
          {offer.status === 'countered' && offer.counter_amount !== null && (
            <span className="font-medium text-ink">{` · countered at ${formatDollars(offer.counter_amount)}`}</span>
          )}
        </p>
        <p className="text-xs text-ink-muted">{expiresText(offer)}</p>
      </div>
      {status && <Badge tone={status.tone}>{status.label}</Badge>}
    </li>
  );
}

// ---------------------------------------------------------------------------------------------

function AlertMatches() {
  const matches = useMyAlertMatches();
  const markRead = useMarkMatchOpened();
  const toast = useToast();
  const items = matches.data?.items ?? [];
  const unread = matches.data?.unread_count ?? 0;

  const open = (match: AlertMatchDto) => {
    if (match.is_read) return;
    markRead
      .mutateAsync(match.id)
      .catch((error: unknown) => toast.show(errorMessage(error), { tone: 'error' }));
  };

  const body = (
    <SectionRows
      query={matches}
      loadingLabel="Loading your saved search matches"
      items={items}
      empty={{
        icon: BellRing,
        title: 'No matches yet',
        description: 'Save a search in the Marketplace: each new listing that matches it shows here.',
        action: <BrowseMarketplace />,
      }}
      listLabel="Latest matches"
      row={(match) => <MatchRow key={match.id} match={match} onOpen={() => open(match)} />}
    />
  );

  return (
    <Section
      title="Saved search matches"
      icon={BellRing}
      summary={unread > 0 && <Summary strong>{`${formatCount(unread)} new`}</Summary>}
      more={<MoreLink to="/captains-club?tab=matches">All matches</MoreLink>}
    >
      {body}
    </Section>
  );
}

function MatchRow({ match, onOpen }: { match: AlertMatchDto; onOpen: () => void }) {
  const { listing } = match;
  return (
    <li className={cn(rowClasses, !match.is_read && 'border-brand/30 bg-brand-soft/50')}>
      <ListingImage
        src={listing.image ?? undefined}
        alt=""
        preset="thumbnail"
        sizes="56px"
        aspectRatio={1}
        className="size-12 shrink-0 rounded-lg sm:size-14"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={`/marketplace/${encodeURIComponent(listing.id)}`}
          state={{ from: '/' }}
          onClick={onOpen}
          className={cn('line-clamp-2 font-semibold break-words text-ink', coveringLink)}
        >
          {listing.title}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-semibold tabular-nums">{formatDollars(listing.price)}</span>
          {listing.sold && <span className="text-ink-muted">Sold</span>}
          {!listing.sold && !listing.available && <span className="text-ink-muted">No longer available</span>}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
          {!match.is_read && <span className="font-semibold text-brand">New</span>}
          <span className="break-words">{`Matched “${match.alert_name}”`}</span>
          <time dateTime={match.created_at} title={formatDateTime(match.created_at)}>
            {formatRelativeTime(match.created_at)}
          </time>
        </p>
      </div>
    </li>
  );
}
