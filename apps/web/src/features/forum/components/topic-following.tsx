import type { ForumWatchLevel, PostDto } from '@castline/shared';
import { FORUM_WATCH_LABELS, FORUM_WATCH_LEVELS } from '@castline/shared';
import { Bookmark } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useToggleBookmark, useWatchTopic } from '../api/forum.api';

/** Bookmark the topic (kept on the profile's Bookmarks tab), or take the bookmark away. */
export function BookmarkTopicButton({ post }: { post: PostDto }) {
  const toggle = useToggleBookmark(post.id);
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      aria-pressed={post.bookmarked}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(null, {
          onSuccess: ({ bookmarked }) => toast.show(bookmarked ? 'Topic bookmarked' : 'Bookmark removed'),
          onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
        })
      }
    >
      <Bookmark aria-hidden="true" size={18} className={cn(post.bookmarked && 'fill-current')} />
      {post.bookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}

/** Watching, normal or muted, for one topic, with what each means. */
export function WatchTopicSelect({ post }: { post: PostDto }) {
  const id = useId();
  const watch = useWatchTopic(post.id);
  const toast = useToast();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink-muted">
          Notifications
        </label>
        <select
          id={id}
          value={post.watch_level}
          disabled={watch.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) =>
            watch.mutate(event.target.value as ForumWatchLevel, {
              onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
            })
          }
          className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm font-medium text-ink"
        >
          {FORUM_WATCH_LEVELS.map((level) => (
            <option key={level} value={level}>
              {FORUM_WATCH_LABELS[level].label}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {FORUM_WATCH_LABELS[post.watch_level].hint}
      </p>
    </div>
  );
}
