import type { ConversationDto } from '@castline/shared';
import { CONVERSATION_SEARCH_MAX, messagePreviewText } from '@castline/shared';
import { Archive, BellOff, Inbox, Search, X } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { CountBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formatPrice, ListingImage } from '../../listings';
import { PresenceDot } from '../../presence';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { useConversations } from '../api/messaging.api';

const SEARCH_DEBOUNCE_MS = 300;

// Members to start a conversation with and messages that match: loaded with the first search.
const loadSearchResults = () => import('./inbox-search-results');
const InboxSearchResults = lazy(lazyNamed(loadSearchResults, 'InboxSearchResults'));

function ConversationRow({
  conversation,
  viewerId,
  selected,
}: {
  conversation: ConversationDto;
  viewerId: string;
  selected: boolean;
}) {
  const { member, last_message: last, unread_count: unread, listing, muted } = conversation;
  const own = last.sender_id === viewerId;
  const preview = `${own ? 'You: ' : ''}${messagePreviewText(last).replace(/\s+/g, ' ')}`;
  return (
    <li>
      <Link
        to={`/messages/${encodeURIComponent(member.id)}`}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-surface-muted',
          selected && 'bg-brand-soft hover:bg-brand-soft',
        )}
      >
        <span className="relative shrink-0">
          <MemberAvatar url={member.avatar_url} className="size-11" iconSize={22} />
          <PresenceDot userId={member.id} className="absolute right-0 bottom-0" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('truncate text-ink', unread > 0 ? 'font-bold' : 'font-semibold')}>
              {member.username}
              {muted && <span className="sr-only">, muted</span>}
            </span>
            {muted && (
              <BellOff aria-hidden="true" size={14} className="shrink-0 self-center text-ink-muted" />
            )}
            <time
              dateTime={last.created_at}
              title={formatDateTime(last.created_at)}
              className="ml-auto shrink-0 text-xs text-ink-muted"
            >
              {formatRelativeTime(last.created_at)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('truncate text-sm', unread > 0 ? 'font-medium text-ink' : 'text-ink-muted')}>
              {preview}
            </span>
            <CountBadge count={unread} label="unread messages" className="ml-auto shrink-0" />
          </span>
          {listing && (
            // The listing the conversation is about: its photo, title and price.
            <span className="mt-0.5 flex items-center gap-2 text-xs text-ink-muted">
              <ListingImage
                src={listing.image ?? undefined}
                alt=""
                preset="thumbnail"
                sizes="1.75rem"
                aspectRatio={1}
                className="size-7 shrink-0 rounded"
              />
              <span className="truncate">{listing.title}</span>
              <span className="shrink-0 font-semibold text-ink tabular-nums">
                {formatPrice(listing.price)}
              </span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <LoadingSkeleton label="Loading conversations" className="flex flex-col gap-1">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 px-3 py-3">
          <Skeleton className="size-11 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </LoadingSkeleton>
  );
}

interface ConversationListProps {
  viewerId: string;
  /** The member whose thread is open, if any. */
  selectedMemberId: string | null;
}

/**
 * The member's conversations, newest first: the inbox or the archived ones. One search finds
 * conversations (by username), members to start a new one with, and messages that contain it.
 */
export function ConversationList({ viewerId, selectedMemberId }: ConversationListProps) {
  const [draft, setDraft] = useState('');
  const [archived, setArchived] = useState(false);
  const q = useDebouncedValue(draft.trim(), SEARCH_DEBOUNCE_MS);
  const conversations = useConversations(q, archived);
  const searchId = useId();
  const hintId = useId();
  const items = conversations.data?.items ?? [];
  const searching = q !== '';

  let body;
  if (conversations.isPending) {
    body = <ListSkeleton />;
  } else if (conversations.isError && !conversations.data) {
    body = (
      <Alert title="Your conversations could not be loaded">
        <p>{errorMessage(conversations.error)}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          loading={conversations.isFetching}
          onClick={() => void conversations.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0 && searching) {
    body = (
      <p className="px-3 text-sm text-ink-muted">
        {`Nobody you have talked with ${archived ? 'in the archive ' : ''}has “${q}” in their username.`}
      </p>
    );
  } else if (items.length === 0 && archived) {
    body = (
      <EmptyState
        icon={Archive}
        headingLevel={3}
        title="No archived conversations"
        description="Archive a conversation from its header to tidy your inbox. A new message in it brings it back."
        action={
          <Button variant="secondary" size="sm" onClick={() => setArchived(false)}>
            Back to the inbox
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={Inbox}
        headingLevel={3}
        title="No conversations yet"
        description="Search for a member above to message them, or message a seller from any listing."
        action={
          <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Browse the Marketplace
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className={cn('flex flex-col gap-0.5', conversations.isPlaceholderData && 'opacity-60')}>
        {items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            viewerId={viewerId}
            selected={conversation.member.id === selectedMemberId}
          />
        ))}
      </ul>
    );
  }

  const shelfButton = (value: boolean) =>
    cn(
      'inline-flex min-h-10 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold',
      archived === value ? 'bg-surface text-ink shadow-xs' : 'text-ink-muted hover:text-ink',
    );

  return (
    <div className="flex flex-col gap-3">
      <div role="search" className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search conversations, members and messages
        </label>
        <Search
          aria-hidden="true"
          size={18}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
        />
        <input
          id={searchId}
          type="search"
          value={draft}
          maxLength={CONVERSATION_SEARCH_MAX}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={() => void loadSearchResults().catch(() => {})}
          placeholder="Search people or messages"
          autoComplete="off"
          className="block min-h-11 w-full rounded-lg border border-line bg-surface py-2 pr-10 pl-10 text-base text-ink shadow-xs placeholder:text-ink-muted/70 focus-visible:border-ring"
        />
        <span id={hintId} className="sr-only">
          Finds your conversations, members to start a new one with, and your messages that contain the words.
        </span>
        <span className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center">
          {conversations.isFetching && !conversations.isPending ? (
            <Spinner label="Searching" size={16} className="mr-2 text-ink-muted" />
          ) : draft ? (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => setDraft('')}
              className="inline-flex size-9 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" size={16} />
            </button>
          ) : null}
        </span>
      </div>
      <div role="group" aria-label="Show" className="flex gap-1 rounded-lg bg-surface-muted p-1">
        <button
          type="button"
          aria-pressed={!archived}
          onClick={() => setArchived(false)}
          className={shelfButton(false)}
        >
          <Inbox aria-hidden="true" size={16} />
          Inbox
        </button>
        <button
          type="button"
          aria-pressed={archived}
          onClick={() => setArchived(true)}
          className={shelfButton(true)}
        >
          <Archive aria-hidden="true" size={16} />
          Archived
        </button>
      </div>
      {searching && (
        <h3 className="px-1 text-sm font-semibold text-ink-muted">
          {archived ? 'Archived conversations' : 'Conversations'}
        </h3>
      )}
      {body}
      {searching && (
        <Suspense fallback={<Spinner label="Searching members and messages" size={16} />}>
          <InboxSearchResults q={q} viewerId={viewerId} exclude={items.map((item) => item.member.id)} />
        </Suspense>
      )}
    </div>
  );
}
