import { ArrowLeft, Inbox, MessageCircle, MessagesSquare } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { useSession } from '../../auth/api/auth.api';

/**
 * The member the conversation is with: /messages/:userId, or /messages?recipient=… as a notification
 * link may have it (spec 001 §2).
 */
export function useSelectedRecipient(): string | null {
  const { userId } = useParams();
  const [searchParams] = useSearchParams();
  return userId || searchParams.get('recipient') || null;
}

/** Conversations on the left, the open conversation on the right (one pane at a time on a phone). */
export function MessagesRoute() {
  const { data } = useSession();
  const recipient = useSelectedRecipient();
  const listHeadingId = useId();
  const threadHeadingId = useId();
  if (!data?.user) return null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Messages · Castline</title>
      <PageHeader title="Messages" description="Your conversations with buyers and sellers." />
      <div className="grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)] md:gap-6">
        <section
          aria-labelledby={listHeadingId}
          className={cn('flex-col gap-3', recipient ? 'hidden md:flex' : 'flex')}
        >
          <h2 id={listHeadingId} className="text-lg font-semibold tracking-tight">
            Conversations
          </h2>
          <EmptyState
            icon={Inbox}
            headingLevel={3}
            title="No conversations yet"
            description="Message a seller from any listing to start a conversation."
            action={
              <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                Browse the Marketplace
              </Link>
            }
          />
        </section>
        <section
          aria-labelledby={threadHeadingId}
          className={cn('min-w-0 flex-col gap-3', recipient ? 'flex' : 'hidden md:flex')}
        >
          <div className="flex items-center gap-3">
            {recipient && (
              <Link
                to="/messages"
                aria-label="Back to conversations"
                className="inline-flex size-10 items-center justify-center rounded-lg text-brand hover:bg-brand-soft md:hidden"
              >
                <ArrowLeft aria-hidden="true" size={20} />
              </Link>
            )}
            <h2 id={threadHeadingId} className="text-lg font-semibold tracking-tight">
              Conversation
            </h2>
          </div>
          {recipient ? (
            <EmptyState
              icon={MessageCircle}
              headingLevel={3}
              title="No messages yet"
              description="Say hello to start the conversation."
              className="md:flex-1 md:justify-center"
            />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              headingLevel={3}
              title="No conversation open"
              description="Pick a conversation from the list to read it and reply."
              className="md:flex-1 md:justify-center"
            />
          )}
        </section>
      </div>
    </div>
  );
}
