import type { AdminForumCommentDto, AdminForumPostDto, PostStatus } from '@castline/shared';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  POST_STATUSES,
  canModerateForum,
  policyActorOf,
} from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Heart, MessageSquare, MessagesSquare, Pencil, Search, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import type { TabItem } from '../../../components/ui/tabs';
import { useActiveTab } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useToast } from '../../../components/ui/toaster';
import { useSession } from '../../../lib/session';
import { useUpdatePost } from '../../forum';
import {
  useAdminDeleteComment,
  useAdminForumComments,
  useAdminForumPosts,
  adminForumKeys,
} from '../api/forum-admin.api';
import { StatusBadge } from '../components/moderation-labels';
import {
  FilterSelect,
  humanize,
  ListSkeleton,
  LoadError,
  pageCount,
  useListParams,
  When,
} from '../components/moderation-ui';

// A post's editor and a comment's delete confirmation (with the dialog library) load on the first
// 'Edit' or 'Delete', or on hover/focus.
const loadEditDialog = () => import('../components/admin-edit-post-dialog');
const AdminEditPostDialog = lazy(lazyNamed(loadEditDialog, 'AdminEditPostDialog'));
const loadConfirm = () => import('../../../components/ui/confirm-dialog');
const ConfirmDialog = lazy(lazyNamed(loadConfirm, 'ConfirmDialog'));

type TabId = 'posts' | 'comments';
const TABS: readonly TabItem<TabId>[] = [
  { id: 'posts', label: 'Posts', icon: FileText },
  { id: 'comments', label: 'Comments', icon: MessagesSquare },
];

type StatusFilter = '' | PostStatus;
const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...POST_STATUSES.map((value) => ({ value, label: humanize(value) })),
];

/** The search box of a list: the address changes when the form is sent (Enter or the button). */
function SearchForm({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The address changed (Back, a tab): show its search.
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-1 items-end gap-2">
      <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium text-ink">
        {label}
        <input
          type="search"
          value={text}
          maxLength={FORUM_LIMITS.searchMax}
          onChange={(event) => setText(event.target.value)}
          className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring"
        />
      </label>
      <Button type="submit" variant="secondary" aria-label={`${label}: go`}>
        <Search aria-hidden="true" size={18} />
        <span className="hidden sm:inline">Search</span>
      </Button>
    </form>
  );
}

function authorName(author: { username: string; full_name: string | null; deleted: boolean }): string {
  if (author.deleted) return 'deleted member';
  return author.full_name ? `${author.full_name} (@${author.username})` : `@${author.username}`;
}

/** "Edit" on a post's row, opening its editor. */
function EditPostButton({ post, disabled }: { post: AdminForumPostDto; disabled: boolean }) {
  const dialog = useLazyDialog(loadEditDialog);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled}
        aria-label={`Edit ${post.title}`}
        {...dialog.triggerProps}
      >
        <Pencil aria-hidden="true" size={16} />
        Edit
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <AdminEditPostDialog
            post={post}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}

function PostRow({ post, canModerate }: { post: AdminForumPostDto; canModerate: boolean }) {
  const update = useUpdatePost(post.id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = `admin-post-${post.id}`;
  const nextStatus: PostStatus = post.status === 'published' ? 'hidden' : 'published';

  const setStatus = () =>
    update.mutate(
      { status: nextStatus },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: adminForumKeys.all });
          toast.show(nextStatus === 'hidden' ? 'Post hidden' : 'Post published again');
        },
        onError: () => toast.show(FORUM_MESSAGES.updatePostFailed, { tone: 'error' }),
      },
    );

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={post.status} />
          <span className="text-sm text-ink-muted">{post.category}</span>
        </div>
        <h2 id={headingId} className="text-base font-semibold break-words">
          <Link to={`/forum/post/${encodeURIComponent(post.id)}`} className="text-brand hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-sm text-ink-muted">
          {authorName(post.author)} · <When iso={post.created_at} />
        </p>
        {post.excerpt && <p className="line-clamp-2 text-sm break-words text-ink-muted">{post.excerpt}</p>}
        {post.moderation_reason && (
          <p className="text-sm break-words">
            <span className="font-medium">Moderation reason: </span>
            {post.moderation_reason}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex gap-4 text-sm text-ink-muted">
          <span className="inline-flex items-center gap-1">
            <Heart aria-hidden="true" size={14} />
            {`${post.likes_count} ${post.likes_count === 1 ? 'like' : 'likes'}`}
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" size={14} />
            {`${post.comments_count} ${post.comments_count === 1 ? 'comment' : 'comments'}`}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <EditPostButton post={post} disabled={!canModerate} />
          <Button
            variant={nextStatus === 'hidden' ? 'danger' : 'secondary'}
            size="sm"
            loading={update.isPending}
            disabled={!canModerate}
            onClick={setStatus}
            aria-label={`${nextStatus === 'hidden' ? 'Hide' : 'Publish again'}: ${post.title}`}
          >
            {nextStatus === 'hidden' ? 'Hide' : 'Publish again'}
          </Button>
        </div>
      </div>
    </li>
  );
}

function PostsTab({ canModerate }: { canModerate: boolean }) {
  const { searchParams, page, update } = useListParams();
  const statusParam = searchParams.get('status') ?? '';
  const status: StatusFilter = STATUS_OPTIONS.find((option) => option.value === statusParam)?.value ?? '';
  const q = searchParams.get('q') ?? '';
  const posts = useAdminForumPosts({ status, q, page });
  const filtered = status !== '' || q !== '';

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => update({ status: value })}
        />
        <SearchForm label="Search posts" value={q} onSearch={(value) => update({ q: value })} />
      </div>
      {posts.isPending ? (
        <ListSkeleton label="Loading forum posts" />
      ) : posts.isError ? (
        <LoadError error={posts.error} onRetry={() => void posts.refetch()} />
      ) : posts.data.items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={filtered ? 'No posts match' : 'No forum posts yet'}
          description={filtered ? 'Try another status or search.' : 'Posts members write appear here.'}
        />
      ) : (
        <>
          <ul aria-label="Forum posts" aria-busy={posts.isPlaceholderData} className="flex flex-col gap-3">
            {posts.data.items.map((post) => (
              <PostRow key={post.id} post={post} canModerate={canModerate} />
            ))}
          </ul>
          <PageNav
            label="Post pages"
            page={page}
            pages={pageCount(posts.data.total, posts.data.pageSize)}
            busy={posts.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}

function CommentRow({ comment, canModerate }: { comment: AdminForumCommentDto; canModerate: boolean }) {
  const remove = useAdminDeleteComment();
  const toast = useToast();
  const confirm = useLazyDialog(loadConfirm);

  const confirmDelete = () =>
    remove.mutate(
      { commentId: comment.id, postId: comment.post_id },
      {
        onSuccess: () => {
          confirm.setOpen(false);
          toast.show(FORUM_MESSAGES.commentDeleted);
        },
        onError: () => toast.show(FORUM_MESSAGES.deleteCommentFailed, { tone: 'error' }),
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <StatusBadge status={comment.status} />
          <span>
            On{' '}
            <Link
              to={`/forum/post/${encodeURIComponent(comment.post_id)}`}
              className="font-medium text-brand hover:underline"
            >
              {comment.post_title}
            </Link>
          </span>
        </div>
        <p className="line-clamp-3 break-words whitespace-pre-line text-ink">{comment.content}</p>
        <p className="text-sm text-ink-muted">
          {authorName(comment.author)} · <When iso={comment.created_at} />
        </p>
      </div>
      <Button
        variant="danger"
        size="sm"
        className="self-end sm:self-start"
        disabled={!canModerate}
        aria-label={`Delete comment by ${authorName(comment.author)}`}
        {...confirm.triggerProps}
      >
        <Trash2 aria-hidden="true" size={16} />
        Delete
      </Button>
      <Suspense fallback={null}>
        {confirm.mounted && (
          <ConfirmDialog
            open={confirm.open}
            onOpenChange={confirm.setOpen}
            title="Delete this comment?"
            description={`The comment by ${authorName(comment.author)} on “${comment.post_title}” is removed for good.`}
            confirmLabel="Delete comment"
            pending={remove.isPending}
            onConfirm={confirmDelete}
            returnFocusTo={confirm.triggerRef}
          />
        )}
      </Suspense>
    </li>
  );
}

function CommentsTab({ canModerate }: { canModerate: boolean }) {
  const { searchParams, page, update } = useListParams();
  const q = searchParams.get('q') ?? '';
  const comments = useAdminForumComments({ q, page });

  return (
    <div className="flex flex-col gap-5">
      <SearchForm label="Search comments" value={q} onSearch={(value) => update({ q: value })} />
      {comments.isPending ? (
        <ListSkeleton label="Loading forum comments" />
      ) : comments.isError ? (
        <LoadError error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.items.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={q ? 'No comments match' : 'No comments yet'}
          description={
            q ? 'Try another search.' : 'Comments members write on posts appear here, newest first.'
          }
        />
      ) : (
        <>
          <ul
            aria-label="Forum comments"
            aria-busy={comments.isPlaceholderData}
            className="flex flex-col gap-3"
          >
            {comments.data.items.map((comment) => (
              <CommentRow key={comment.id} comment={comment} canModerate={canModerate} />
            ))}
          </ul>
          <PageNav
            label="Comment pages"
            page={page}
            pages={pageCount(comments.data.total, comments.data.pageSize)}
            busy={comments.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}

/**
 * Posts / Comments as links (`?tab=comments`, shareable and Back-friendly). Unlike the shared Tabs,
 * switching drops the other tab's filters and page, which mean nothing on this one.
 */
function ContentTabs({ active }: { active: TabId }) {
  return (
    <nav aria-label="Forum content" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {TABS.map(({ id, label, icon: Icon }) => (
          <li key={id} className="flex">
            <Link
              to={id === 'posts' ? '.' : `?tab=${id}`}
              preventScrollReset
              aria-current={id === active ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex min-h-11 items-center gap-2 rounded-t-md border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                id === active
                  ? 'border-brand text-brand'
                  : 'border-transparent text-ink-muted hover:border-line hover:text-ink',
              )}
            >
              {Icon && <Icon aria-hidden="true" size={16} />}
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /admin/forum: every post and comment whatever its status; edit, hide, publish again, delete. */
export function ForumAdminRoute() {
  const tab = useActiveTab(TABS) ?? 'posts';
  const { data } = useSession();
  const user = data?.user ?? null;
  const canModerate = canModerateForum(policyActorOf(user));

  return (
    <>
      <title>Forum Administration · Castline</title>
      <PageHeader
        title="Forum Administration"
        description="Every post and comment, whatever its status. Edit posts, hide or publish them again, and delete comments."
      />
      <div className="flex flex-col gap-5">
        <ContentTabs active={tab} />
        {user && !canModerate && (
          <Alert tone="info">
            <p>
              Changing posts and comments needs the <code className="font-mono">forum.manage</code>{' '}
              permission.
            </p>
          </Alert>
        )}
        {tab === 'posts' ? <PostsTab canModerate={canModerate} /> : <CommentsTab canModerate={canModerate} />}
      </div>
    </>
  );
}
