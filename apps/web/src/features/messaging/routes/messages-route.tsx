import { MESSAGING_MESSAGES } from '@castline/shared';
import { MessagesSquare, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { ConversationList } from '../components/conversation-list';
import { BackToConversations, ConversationThread } from '../components/conversation-thread';
import type { ConversationTarget } from '../lib/conversation-route';
import { conversationTarget } from '../lib/conversation-route';

/**
 * The member the conversation is with: /messages/:userId (a member id or a conversation id), or
 * /messages?recipient=… as a notification link may have it (spec 001 §2).
 */
export function useSelectedRecipient(): string | null {
  const { userId } = useParams();
  const [searchParams] = useSearchParams();
  return userId || searchParams.get('recipient') || null;
}

function ThreadNotice({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col gap-3 p-3">
      <div className="flex items-center gap-2">
        <BackToConversations />
        <h2 className="text-lg font-semibold tracking-tight">Conversation</h2>
      </div>
      <EmptyState
        icon={UserRoundX}
        headingLevel={3}
        title={title}
        description={description}
        action={
          <Link to="/messages" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            All conversations
          </Link>
        }
      />
    </div>
  );
}

function ThreadPane({
  target,
  viewerId,
  listingId,
  focusMessageId,
}: {
  target: ConversationTarget;
  viewerId: string;
  listingId: string | null;
  focusMessageId: string | null;
}) {
  switch (target.kind) {
    case 'member':
      return (
        <ConversationThread
          key={target.memberId}
          memberId={target.memberId}
          viewerId={viewerId}
          listingId={listingId}
          focusMessageId={focusMessageId}
        />
      );
    case 'self':
      return (
        <ThreadNotice
          title={MESSAGING_MESSAGES.cannotMessageSelf}
          description="Pick someone else's conversation, or message a seller from one of their listings."
        />
      );
    case 'not-found':
      return (
        <ThreadNotice
          title={MESSAGING_MESSAGES.recipientNotFound}
          description="This conversation link does not belong to your account."
        />
      );
    case 'none':
      return (
        <div className="flex flex-1 flex-col justify-center p-4">
          <EmptyState
            icon={MessagesSquare}
            headingLevel={3}
            title="No conversation open"
            description="Pick a conversation from the list to read it and reply."
            className="border-none bg-transparent"
          />
        </div>
      );
  }
}

/** Conversations on the left, the open conversation on the right (one pane at a time on a phone). */
export function MessagesRoute() {
  const { data } = useSession();
  const recipient = useSelectedRecipient();
  const [searchParams] = useSearchParams();
  const listHeadingId = useId();
  const user = data?.user;
  if (!user) return null;

  const target = conversationTarget(recipient, user.id);
  const open = target.kind !== 'none';
  const selectedMemberId = target.kind === 'member' ? target.memberId : null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-6 sm:px-6 sm:py-8">
      <title>Messages · Castline</title>
      <PageHeader
        title="Messages"
        description="Your conversations with buyers and sellers."
        className={cn(open && 'max-md:sr-only')}
      />
      <div className="grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)] md:gap-6">
        <section
          aria-labelledby={listHeadingId}
          className={cn('min-w-0 flex-col gap-3', open ? 'hidden md:flex' : 'flex')}
        >
          <h2 id={listHeadingId} className="text-lg font-semibold tracking-tight">
            Conversations
          </h2>
          <ConversationList viewerId={user.id} selectedMemberId={selectedMemberId} />
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            'min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm shadow-black/5',
            'h-[calc(100dvh-11rem)] min-h-80 md:h-[calc(100dvh-15rem)] md:min-h-[28rem]',
            open ? 'flex' : 'hidden md:flex',
          )}
        >
          <ThreadPane
            target={target}
            viewerId={user.id}
            listingId={searchParams.get('listing')}
            focusMessageId={searchParams.get('message')}
          />
        </section>
      </div>
    </div>
  );
}
