import type { ConversationDetailDto } from '@castline/shared';
import { MESSAGING_MESSAGES } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGING_EXTRA_MESSAGES as X } from '@castline/shared';
import {
  Archive,
  ArchiveRestore,
  ArrowLeft,
  BellOff,
  BellRing,
  MessageCircle,
  UserRoundX,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useListing } from '../../listings';
import { useOffersWith } from '../../offers';
import { PresenceDot, PresenceLabel } from '../../presence';
import { threadMessages } from '../api/message-cache';
import {
  useConversation,
  useConversationMessages,
  useSendMessage,
  useUpdateConversation,
} from '../api/messaging.api';
import { useOutbox } from '../api/outbox';
import { useIsTyping } from '../api/typing-store';
import { useMarkReadOnView } from '../api/use-mark-read-on-view';
import { Composer } from './composer';
import { ConversationListingCard, listingSummaryOf } from './conversation-listing-card';
import { MessageList, threadItems } from './message-list';

const BACK_LINK =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-brand hover:bg-brand-soft md:hidden';

/** The back link of a phone, where the list and the thread take turns on screen. */
export function BackToConversations() {
  return (
    <Link to="/messages" aria-label="Back to conversations" className={BACK_LINK}>
      <ArrowLeft aria-hidden="true" size={20} />
    </Link>
  );
}

function blockedReason(detail: ConversationDetailDto): string | null {
  if (detail.blocked_by_me) return MESSAGING_MESSAGES.blockedByYou;
  if (detail.blocked_by_them) return MESSAGING_MESSAGES.blockedByThem;
  return null;
}

function ThreadSkeleton() {
  return (
    <LoadingSkeleton label="Loading conversation" className="flex flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-line p-3">
        <Skeleton className="size-11 rounded-full" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <MessagesSkeleton />
    </LoadingSkeleton>
  );
}

function MessagesSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-1 flex-col justify-end gap-3 p-4">
      <Skeleton className="h-10 w-2/3 rounded-2xl" />
      <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
      <Skeleton className="h-16 w-3/5 rounded-2xl" />
      <Skeleton className="h-10 w-2/5 self-end rounded-2xl" />
    </div>
  );
}

interface ConversationThreadProps {
  memberId: string;
  viewerId: string;
  /** The listing the conversation is being started from (/messages/{id}?listing={listingId}). */
  listingId: string | null;
  /** A message to show (a search result: /messages/{id}?message={messageId}). */
  focusMessageId?: string | null;
}

/** Older pages a search result may wait for before the thread stops looking for it. */
const FOCUS_PAGES_MAX = 10;

/** Archive and mute, for this member only; each can be undone the same way. */
function ConversationActions({
  memberId,
  archived,
  muted,
}: {
  memberId: string;
  archived: boolean;
  muted: boolean;
}) {
  const update = useUpdateConversation(memberId);
  const toast = useToast();
  const change = (body: { archived?: boolean; muted?: boolean }, done: string) =>
    update.mutate(body, {
      onSuccess: () => toast.show(done, { tone: 'success' }),
      onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
    });
  const button =
    'inline-flex size-10 items-center justify-center rounded-lg text-ink-muted hover:bg-surface-muted hover:text-ink aria-busy:cursor-progress';
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1">
      <button
        type="button"
        aria-pressed={muted}
        aria-label={muted ? 'Unmute conversation' : 'Mute conversation'}
        title={
          muted
            ? 'Unmute: notify me of new messages again'
            : 'Mute: no notifications or emails for new messages'
        }
        aria-busy={update.isPending || undefined}
        onClick={() => change({ muted: !muted }, muted ? X.unmuted : X.muted)}
        className={button}
      >
        {muted ? <BellOff aria-hidden="true" size={20} /> : <BellRing aria-hidden="true" size={20} />}
      </button>
      <button
        type="button"
        aria-label={archived ? 'Move conversation to inbox' : 'Archive conversation'}
        title={archived ? 'Move back to the inbox' : 'Archive: hide from the inbox until a new message'}
        aria-busy={update.isPending || undefined}
        onClick={() => change({ archived: !archived }, archived ? X.unarchived : X.archived)}
        className={button}
      >
        {archived ? (
          <ArchiveRestore aria-hidden="true" size={20} />
        ) : (
          <Archive aria-hidden="true" size={20} />
        )}
      </button>
    </div>
  );
}

/** One conversation: who it is with, the listing it is about, the messages and the composer. */
export function ConversationThread({
  memberId,
  viewerId,
  listingId,
  focusMessageId = null,
}: ConversationThreadProps) {
  const queryClient = useQueryClient();
  const detail = useConversation(memberId);
  const messagesQuery = useConversationMessages(memberId, !detail.isError);
  // The two members' offers show as cards in the thread, where each was made.
  const offersWith = useOffersWith(memberId, !detail.isError);
  const fromListing = useListing(listingId ?? '');
  const outgoing = useOutbox(queryClient, memberId);
  const { send, retry } = useSendMessage(memberId, viewerId);
  const typing = useIsTyping(memberId);
  /** The listing goes with the first message sent from its page only. */
  const listingSent = useRef(false);
  /** A blocked member's messages stay collapsed until the viewer asks to see them. */
  const [showBlocked, setShowBlocked] = useState(false);

  const messages = useMemo(() => threadMessages(messagesQuery.data), [messagesQuery.data]);
  const items = useMemo(
    () => threadItems(messages, outgoing, offersWith.data ?? [], Boolean(messagesQuery.hasNextPage)),
    [messages, outgoing, offersWith.data, messagesQuery.hasNextPage],
  );
  // A search result older than the pages loaded: older pages load until it is there (or too many did).
  const focusLoaded = focusMessageId !== null && messages.some((message) => message.id === focusMessageId);
  const pagesLoaded = messagesQuery.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messagesQuery;
  useEffect(() => {
    if (!focusMessageId || focusLoaded || !hasNextPage || isFetchingNextPage) return;
    if (pagesLoaded === 0 || pagesLoaded >= FOCUS_PAGES_MAX) return;
    void fetchNextPage();
  }, [focusMessageId, focusLoaded, hasNextPage, isFetchingNextPage, pagesLoaded, fetchNextPage]);

  useMarkReadOnView({
    memberId,
    viewerId,
    messages: messagesQuery.isSuccess ? messages : null,
    headerUnread: detail.data?.unread_count ?? 0,
  });

  if (detail.isPending) return <ThreadSkeleton />;

  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="flex items-center gap-2">
          <BackToConversations />
          <h2 className="text-lg font-semibold tracking-tight">Conversation</h2>
        </div>
        {notFound ? (
          <EmptyState
            icon={UserRoundX}
            headingLevel={3}
            title={errorMessage(detail.error)}
            description="This member could not be found. They may have left Castline, or the link is incomplete."
            action={
              <Link to="/messages" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                All conversations
              </Link>
            }
          />
        ) : (
          <Alert title="This conversation could not be loaded">
            <p>{errorMessage(detail.error)}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              loading={detail.isFetching}
              onClick={() => void detail.refetch()}
            >
              Try again
            </Button>
          </Alert>
        )}
      </div>
    );
  }

  const conversation = detail.data;
  const { member } = conversation;
  const card = fromListing.data ? listingSummaryOf(fromListing.data) : conversation.listing;
  const reason = blockedReason(conversation);

  const onSend = (content: string, images: string[]) => {
    const attachedListingId = listingId && !listingSent.current ? listingId : null;
    if (attachedListingId) listingSent.current = true;
    send(content, attachedListingId, images);
  };

  let body;
  if (messagesQuery.isPending) {
    body = <MessagesSkeleton />;
  } else if (messagesQuery.isError && !messagesQuery.data) {
    body = (
      <div className="flex flex-1 flex-col justify-center p-4">
        <Alert title="Messages could not be loaded">
          <p>{errorMessage(messagesQuery.error)}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={messagesQuery.isFetching}
            onClick={() => void messagesQuery.refetch()}
          >
            Try again
          </Button>
        </Alert>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-1 flex-col justify-center p-4">
        <EmptyState
          icon={MessageCircle}
          headingLevel={3}
          title="No messages yet"
          description={
            reason
              ? 'Nothing has been said in this conversation.'
              : `Say hello to start the conversation with ${member.username}.`
          }
          className="border-none bg-transparent"
        />
        {typing && (
          <p className="text-center text-sm text-ink-muted italic">{`${member.username} is typing…`}</p>
        )}
      </div>
    );
  } else if (conversation.blocked_by_me && !showBlocked) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-sm text-ink-muted">{`You blocked ${member.username}, so this conversation is hidden.`}</p>
        <Button variant="secondary" size="sm" onClick={() => setShowBlocked(true)}>
          Show messages
        </Button>
      </div>
    );
  } else {
    body = (
      <MessageList
        items={items}
        viewerId={viewerId}
        otherName={member.username}
        hasOlder={Boolean(messagesQuery.hasNextPage)}
        loadingOlder={messagesQuery.isFetchingNextPage}
        olderError={messagesQuery.isFetchNextPageError ? errorMessage(messagesQuery.error) : null}
        onLoadOlder={() => void messagesQuery.fetchNextPage()}
        onRetry={retry}
        typing={typing}
        focusMessageId={focusMessageId}
      />
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-line p-3">
        <div className="flex items-center gap-3">
          <BackToConversations />
          <span className="relative shrink-0">
            <MemberAvatar url={member.avatar_url} className="size-11" iconSize={22} />
            <PresenceDot userId={member.id} className="absolute right-0 bottom-0" />
          </span>
          <div className="flex min-w-0 flex-col">
            <h2 className="truncate text-lg leading-tight font-semibold tracking-tight">
              <Link to={`/profile/${encodeURIComponent(member.id)}`} className="rounded-sm hover:underline">
                {member.username}
              </Link>
            </h2>
            <PresenceLabel userId={member.id} className="text-xs" />
          </div>
          <ConversationActions
            memberId={member.id}
            archived={conversation.archived}
            muted={conversation.muted}
          />
        </div>
        {card && <ConversationListingCard listing={card} />}
      </div>
      <div className="flex min-h-0 flex-1 flex-col bg-canvas/60">{body}</div>
      <Composer
        recipientId={member.id}
        recipientName={member.username}
        disabledReason={reason}
        onSend={onSend}
      />
    </div>
  );
}
