import type { MessageDto, OfferDto } from '@castline/shared';
import { MESSAGING_MESSAGES } from '@castline/shared';
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Fragment, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-date';
import { lazyNamed } from '../../../components/ui/lazy-layer';
import { LazyOfferCard } from '../../offers';
import { ReportButton } from '../../reports';
import type { OutgoingMessage } from '../api/outbox';
import { dayKey, dayLabel, timeOfDay } from '../lib/day-label';
import { MessageContent } from './message-content';
import { MessagePhotos } from './message-photos';

// The full-size view of a message's photos, loaded with the first photo opened (or hovered).
export const loadPhotoLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazy(lazyNamed(loadPhotoLightbox, 'PhotoLightbox'));

export type ThreadItem =
  | { kind: 'message'; key: string; message: MessageDto }
  | { kind: 'outgoing'; key: string; entry: OutgoingMessage }
  | { kind: 'offer'; key: string; offer: OfferDto };

/**
 * Server messages and the two members' offers (as cards, where each was made), oldest first,
 * followed by this tab's messages still on their way. While older messages are still to load,
 * offers older than the first loaded message wait for them.
 */
export function threadItems(
  messages: MessageDto[],
  outgoing: readonly OutgoingMessage[],
  offers: readonly OfferDto[] = [],
  moreToLoad = false,
): ThreadItem[] {
  const stored = new Set(messages.map((message) => message.client_id).filter(Boolean));
  const oldest = messages[0]?.created_at;
  const shownOffers = moreToLoad && oldest ? offers.filter((offer) => offer.created_at >= oldest) : offers;
  const timeline: ThreadItem[] = [
    ...messages.map((message): ThreadItem => ({ kind: 'message', key: message.id, message })),
    ...shownOffers.map((offer): ThreadItem => ({ kind: 'offer', key: `offer-${offer.id}`, offer })),
  ].sort((a, b) => createdAt(a).localeCompare(createdAt(b)));
  return [
    ...timeline,
    ...outgoing
      .filter((entry) => !stored.has(entry.client_id))
      .map((entry): ThreadItem => ({ kind: 'outgoing', key: entry.client_id, entry })),
  ];
}

function createdAt(item: ThreadItem): string {
  if (item.kind === 'message') return item.message.created_at;
  if (item.kind === 'offer') return item.offer.created_at;
  return item.entry.created_at;
}

/** Near enough to the bottom that a new message should scroll into view. */
const STICK_TO_BOTTOM_PX = 120;
/** Older messages load when the reader scrolls this close to the top. */
const LOAD_OLDER_PX = 80;

function Bubble({ own, children, failed }: { own: boolean; children: ReactNode; failed?: boolean }) {
  return (
    <div
      className={cn(
        'flex max-w-[85%] flex-col gap-1.5 rounded-2xl px-3.5 py-2 text-[0.95rem] leading-relaxed shadow-xs sm:max-w-[75%]',
        own
          ? 'rounded-br-md bg-topbar text-topbar-ink'
          : 'rounded-bl-md border border-line bg-surface text-ink',
        failed && 'border border-danger/50 bg-danger-soft text-ink',
      )}
    >
      {children}
    </div>
  );
}

interface MessageListProps {
  items: ThreadItem[];
  viewerId: string;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  /** The other member is typing right now. */
  typing: boolean;
  /** A message to bring into view and mark (a search result opened here). */
  focusMessageId?: string | null;
}

/** The photos open in the full-size view: whose, which, and the thumbnail to return focus to. */
interface OpenPhotos {
  images: readonly string[];
  index: number;
  from: string;
}

/**
 * The messages of a thread, oldest at the top, by day. Scrolling to the top loads older pages
 * without moving what the reader is looking at; new messages scroll into view when the reader is
 * at the bottom.
 */
export function MessageList({
  items,
  viewerId,
  otherName,
  hasOlder,
  loadingOlder,
  olderError,
  onLoadOlder,
  onRetry,
  typing,
  focusMessageId = null,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<OpenPhotos | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const viewerTrigger = useRef<HTMLElement | null>(null);
  const focusFound = items.some((item) => item.key === focusMessageId);

  // A search result opened here: its message is scrolled into view (once it is loaded).
  useEffect(() => {
    if (!focusMessageId || !focusFound) return;
    const element = document.getElementById(`message-${focusMessageId}`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [focusMessageId, focusFound]);

  const openPhotos =
    (images: readonly string[], from: string) => (index: number, trigger: HTMLButtonElement) => {
      viewerTrigger.current = trigger;
      setViewer({ images, index, from });
      setViewerOpen(true);
    };

  /** Distance from the bottom before older messages were asked for, to restore it after. */
  const keepFromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);
  const firstKey = items[0]?.key ?? null;
  const lastItem = items.at(-1);
  const lastKey = lastItem?.key ?? null;
  const lastIsOwn =
    lastItem !== undefined &&
    (lastItem.kind === 'outgoing' ||
      (lastItem.kind === 'message' && lastItem.message.sender_id === viewerId));

  const lastOwnStoredId = [...items]
    .reverse()
    .find((item) => item.kind === 'message' && item.message.sender_id === viewerId)?.key;

  const loadOlder = () => {
    const element = scroller.current;
    if (!hasOlder || loadingOlder) return;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };

  // Older messages arrived above: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || keepFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [firstKey]);

  // A new message at the bottom: follow it when the reader was there, or when they sent it.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || lastKey === null) return;
    if (atBottom.current || lastIsOwn) element.scrollTop = element.scrollHeight;
  }, [lastKey, lastIsOwn]);

  // "… is typing" appearing at the bottom stays visible when the reader is there.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && typing && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [typing]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_PX) loadOlder();
  };

  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={`Messages with ${otherName}`}
      tabIndex={0}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-3 py-4 sm:px-4"
    >
      {hasOlder && (
        <div className="mb-3 flex justify-center">
          {olderError ? (
            <p role="alert" className="flex flex-wrap items-center justify-center gap-2 text-sm text-danger">
              {olderError}
              <Button variant="ghost" size="sm" onClick={loadOlder}>
                Try again
              </Button>
            </p>
          ) : (
            <Button variant="ghost" size="sm" loading={loadingOlder} onClick={loadOlder}>
              {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
            </Button>
          )}
        </div>
      )}
      <ol className="mt-auto flex flex-col gap-1.5">
        {items.map((item, index) => {
          const at = createdAt(item);
          const previous = items[index - 1];
          const newDay = !previous || dayKey(createdAt(previous)) !== dayKey(at);
          const dayHeading = newDay && (
            <li className="my-3 flex items-center gap-3 text-xs font-semibold text-ink-muted">
              <span className="h-px flex-1 bg-line" />
              <span role="heading" aria-level={3}>
                {dayLabel(at)}
              </span>
              <span className="h-px flex-1 bg-line" />
            </li>
          );
          if (item.kind === 'offer') {
            return (
              <Fragment key={item.key}>
                {dayHeading}
                <li className="my-2 w-full self-center sm:max-w-md">
                  <Suspense fallback={<div className="h-40 animate-pulse rounded-2xl bg-surface-muted" />}>
                    <LazyOfferCard offer={item.offer} viewerId={viewerId} />
                  </Suspense>
                </li>
              </Fragment>
            );
          }
          const own = item.kind === 'outgoing' || item.message.sender_id === viewerId;
          return (
            <Fragment key={item.key}>
              {dayHeading}
              <li
                id={item.kind === 'message' ? `message-${item.message.id}` : undefined}
                tabIndex={item.key === focusMessageId ? -1 : undefined}
                className={cn(
                  'group flex flex-col gap-0.5 rounded-xl',
                  own ? 'items-end' : 'items-start',
                  item.key === focusMessageId && 'bg-cta/15 ring-2 ring-cta/60 outline-none',
                )}
              >
                <div className={cn('flex w-full items-center gap-1', own && 'justify-end')}>
                  <Bubble own={own} failed={item.kind === 'outgoing' && item.entry.status === 'failed'}>
                    <span className="sr-only">{own ? 'You: ' : `${otherName}: `}</span>
                    <MessagePhotos
                      images={item.kind === 'message' ? item.message.images : item.entry.images}
                      from={own ? 'you' : otherName}
                      onIntent={() => void loadPhotoLightbox().catch(() => {})}
                      onOpen={
                        item.kind === 'message'
                          ? openPhotos(item.message.images, own ? 'you' : otherName)
                          : null
                      }
                    />
                    {(item.kind === 'message' ? item.message.content : item.entry.content) && (
                      <MessageContent
                        content={item.kind === 'message' ? item.message.content : item.entry.content}
                      />
                    )}
                  </Bubble>
                  {item.kind === 'message' && !own && (
                    <ReportButton
                      entityType="message"
                      entityId={item.message.id}
                      ownerId={item.message.sender_id}
                      variant="compact"
                      label={`Report message from ${otherName}`}
                    />
                  )}
                </div>
                <MessageMeta
                  item={item}
                  own={own}
                  showStatus={item.kind === 'outgoing' || item.key === lastOwnStoredId}
                  onRetry={onRetry}
                />
              </li>
            </Fragment>
          );
        })}
      </ol>
      <p aria-live="polite" className="min-h-6 px-1 pt-2 text-sm text-ink-muted italic">
        {typing ? `${otherName} is typing…` : ''}
      </p>
      <Suspense fallback={null}>
        {viewer && (
          <PhotoLightbox
            open={viewerOpen}
            onOpenChange={setViewerOpen}
            title={viewer.from === 'you' ? 'Your photo' : `Photo from ${viewer.from}`}
            images={viewer.images}
            index={viewer.index}
            onIndexChange={(index) => setViewer({ ...viewer, index })}
            returnFocusTo={viewerTrigger}
          />
        )}
      </Suspense>
    </div>
  );
}

function MessageMeta({
  item,
  own,
  showStatus,
  onRetry,
}: {
  item: Exclude<ThreadItem, { kind: 'offer' }>;
  own: boolean;
  showStatus: boolean;
  onRetry: (clientId: string) => void;
}) {
  const at = createdAt(item);
  const time = (
    <time dateTime={at} title={formatDateTime(at)}>
      {timeOfDay(at)}
    </time>
  );

  if (item.kind === 'outgoing') {
    if (item.entry.status === 'sending') {
      return (
        <p className="flex items-center gap-1.5 px-1 text-xs text-ink-muted">
          <Spinner size={12} />
          Sending…
        </p>
      );
    }
    return (
      <div
        role="alert"
        className="flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 px-1 text-xs"
      >
        <span className="flex items-center gap-1 font-semibold text-danger">
          <CircleExclamationPoint aria-hidden="true" size={14} />
          {MESSAGING_MESSAGES.sendFailed}
        </span>
        {item.entry.error && <span className="text-ink-muted">{item.entry.error}</span>}
        <Button
          variant="ghost"
          size="sm"
          className="min-h-8 px-2"
          onClick={() => onRetry(item.entry.client_id)}
        >
          <RefreshCw aria-hidden="true" size={14} />
          Retry
        </Button>
      </div>
    );
  }

  return (
    <p className={cn('flex items-center gap-1.5 px-1 text-xs text-ink-muted', own && 'justify-end')}>
      {time}
      {own && showStatus && (
        <>
          <span aria-hidden="true">·</span>
          {item.message.read ? <span className="font-semibold text-brand">Seen</span> : <span>Sent</span>}
        </>
      )}
    </p>
  );
}
