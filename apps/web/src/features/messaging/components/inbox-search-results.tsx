import { MESSAGE_SEARCH_LIMITS, messagePreviewText } from '@castline/shared';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { useMemberSearch } from '../../members';
import { useMessageSearch } from '../api/messaging.api';

const ROW = 'flex items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-surface-muted';

interface InboxSearchResultsProps {
  q: string;
  viewerId: string;
  /** Members already listed as conversations above. */
  exclude: readonly string[];
}

/** What one search on /messages finds besides conversations: members and messages. */
export function InboxSearchResults({ q, viewerId, exclude }: InboxSearchResultsProps) {
  return (
    <>
      <MemberResults q={q} viewerId={viewerId} exclude={exclude} />
      <MessageResults q={q} viewerId={viewerId} />
    </>
  );
}

function MemberResults({ q, viewerId, exclude }: InboxSearchResultsProps) {
  const search = useMemberSearch(q);
  const members = search.items.filter((member) => member.id !== viewerId && !exclude.includes(member.id));
  return (
    <section aria-label="Start a new conversation" className="flex flex-col gap-1">
      <h3 className="px-1 text-sm font-semibold text-ink-muted">Start a new conversation</h3>
      {search.problem || search.isError ? (
        <p role="alert" className="px-3 text-sm text-danger">
          {search.problem ?? errorMessage(search.error)}
        </p>
      ) : search.isPending ? (
        <Spinner label="Searching members" size={16} className="mx-3" />
      ) : members.length === 0 ? (
        <p className="px-3 text-sm text-ink-muted">{`No other member matches “${q}”.`}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {members.map((member) => (
            <li key={member.id}>
              <Link to={`/messages/${encodeURIComponent(member.id)}`} className={ROW}>
                <MemberAvatar url={member.avatar_url} className="size-9" iconSize={18} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-ink">{member.username}</span>
                  {member.full_name && (
                    <span className="truncate text-xs text-ink-muted">{member.full_name}</span>
                  )}
                </span>
                <span className="ml-auto shrink-0 text-xs font-semibold text-brand">Message</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageResults({ q, viewerId }: Omit<InboxSearchResultsProps, 'exclude'>) {
  const results = useMessageSearch(q);
  const hits = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  let body;
  if (q.length < MESSAGE_SEARCH_LIMITS.minLength) {
    body = (
      <p className="px-3 text-sm text-ink-muted">{`Type at least ${MESSAGE_SEARCH_LIMITS.minLength} characters to search your messages.`}</p>
    );
  } else if (results.isPending) {
    body = <Spinner label="Searching messages" size={16} className="mx-3" />;
  } else if (results.isError && hits.length === 0) {
    body = (
      <p role="alert" className="px-3 text-sm text-danger">
        {errorMessage(results.error)}
      </p>
    );
  } else if (hits.length === 0) {
    body = <p className="px-3 text-sm text-ink-muted">{`None of your messages contains “${q}”.`}</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-0.5">
          {hits.map(({ message, member }) => (
            <li key={message.id}>
              <Link
                to={`/messages/${encodeURIComponent(member.id)}?message=${encodeURIComponent(message.id)}`}
                className={ROW}
              >
                <MemberAvatar url={member.avatar_url} className="size-9" iconSize={18} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex items-baseline gap-2">
                    <span className="truncate font-semibold text-ink">{member.username}</span>
                    <time
                      dateTime={message.created_at}
                      title={formatDateTime(message.created_at)}
                      className="ml-auto shrink-0 text-xs text-ink-muted"
                    >
                      {formatRelativeTime(message.created_at)}
                    </time>
                  </span>
                  <span className="line-clamp-2 text-sm text-ink-muted">
                    {`${message.sender_id === viewerId ? 'You: ' : ''}${messagePreviewText(message)}`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {results.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            loading={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {`Show more messages (${hits.length} of ${total})`}
          </Button>
        )}
      </>
    );
  }
  return (
    <section aria-label="Messages" className="flex flex-col gap-1">
      <h3 className="px-1 text-sm font-semibold text-ink-muted">Messages</h3>
      {body}
    </section>
  );
}
