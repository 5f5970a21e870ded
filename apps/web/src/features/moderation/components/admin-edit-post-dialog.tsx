import type { AdminForumPostDto, PostDto, PostStatus, UpdatePostBody } from '@castline/shared';
import { FORUM_CATEGORIES, FORUM_LIMITS, FORUM_MESSAGES, POST_STATUSES } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/form-fields';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { checkWith } from '../../../lib/load-request-schemas';
import { POST_UPDATED, updateFailureMessage, usePost, useUpdatePost } from '../../forum';
import { adminForumKeys } from '../api/forum-admin.api';
import { humanize } from './moderation-ui';

const FIELDS = ['title', 'category', 'content', 'status'] as const;
type Field = (typeof FIELDS)[number];

interface Draft {
  title: string;
  category: string;
  content: string;
  status: PostStatus;
}

function EditForm({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    title: post.title,
    category: post.category,
    content: post.content,
    status: post.status,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdatePost(post.id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const categories: readonly string[] = (FORUM_CATEGORIES as readonly string[]).includes(post.category)
    ? FORUM_CATEGORIES
    : [post.category, ...FORUM_CATEGORIES];

  const set = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkWith('UpdatePostBody', draft, {
      form: event.currentTarget,
      invalid: (error) => setErrors(fieldErrorsFromZod<Field>(error)),
      valid: send,
    });
  };

  const send = (body: UpdatePostBody) => {
    update.mutate(body, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: adminForumKeys.all });
        toast.show(POST_UPDATED);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setErrors(fieldErrorsFromIssues(error.issues, FIELDS));
        toast.show(FORUM_MESSAGES.updatePostFailed, { tone: 'error' });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Title"
        name="title"
        value={draft.title}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        hint={`${draft.title.trim().length} / ${FORUM_LIMITS.titleMax} characters`}
        autoComplete="off"
        autoFocus
      />
      <SelectField
        label="Category"
        name="category"
        options={categories.map((value) => ({ value, label: value }))}
        value={draft.category}
        onChange={(event) => set('category', event.target.value)}
        error={errors.category}
      />
      <TextAreaField
        label="Content"
        name="content"
        value={draft.content}
        onChange={(event) => set('content', event.target.value)}
        rows={10}
        hint={`Markdown. ${draft.content.trim().length.toLocaleString('en-US')} / ${FORUM_LIMITS.contentMax.toLocaleString('en-US')} characters.`}
        error={errors.content}
      />
      <SelectField
        label="Status"
        name="status"
        options={POST_STATUSES.map((value) => ({ value, label: humanize(value) }))}
        value={draft.status}
        onChange={(event) => set('status', event.target.value)}
        error={errors.status}
      />
      {update.isError && !FIELDS.some((field) => errors[field]) && (
        <Alert tone="error">{updateFailureMessage(update.error)}</Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function EditBody({ postId, onDone }: { postId: string; onDone: () => void }) {
  const post = usePost(postId);
  if (post.isPending) {
    return (
      <LoadingSkeleton label="Loading the post">
        <div aria-hidden="true" className="flex flex-col gap-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </LoadingSkeleton>
    );
  }
  if (post.isError) {
    return (
      <Alert tone="error">
        <p>{post.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void post.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <EditForm post={post.data} onDone={onDone} />;
}

/**
 * A forum post's editor for staff: title, category, content and status, saved with PATCH (loaded
 * with the first 'Edit' of a row).
 */
export function AdminEditPostDialog({
  post,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  post: AdminForumPostDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row's 'Edit' button, which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Edit forum post"
        description={post.title}
        className="max-w-2xl"
        returnFocusTo={returnFocusTo}
      >
        {open && <EditBody postId={post.id} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
