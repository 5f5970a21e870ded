import type { PostDto } from '@castline/shared';
import { CreatePostBody, FORUM_CATEGORIES, FORUM_LIMITS } from '@castline/shared';
import type { FormEvent, ReactNode, SetStateAction } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, SelectField } from '../../../components/ui/form-fields';
import { TagPicker } from '../../../components/ui/tag-picker';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../../../lib/form-errors';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { ForumImagesField } from './forum-images-field';
import { MarkdownEditor } from './markdown-editor';

/** What the composer holds while a post is written (or edited). */
export interface PostDraft {
  title: string;
  category: string;
  content: string;
  images: string[];
  /** Species and technique tags (slugs); optional so that drafts kept before tags read as none. */
  tags?: string[];
}

export const EMPTY_DRAFT: PostDraft = { title: '', category: '', content: '', images: [] };

export function draftOf(post: PostDto): PostDraft {
  return {
    title: post.title,
    category: post.category,
    content: post.content,
    images: [...post.images],
    tags: [...post.tags],
  };
}

export type ComposerBody = z.output<typeof CreatePostBody>;

const FIELDS = ['title', 'category', 'content', 'images', 'tags'] as const;
type Field = (typeof FIELDS)[number];

const CATEGORY_OPTIONS = FORUM_CATEGORIES.map((category) => ({ value: category, label: category }));

/** What the composer needs of the create or update mutation. */
interface ComposerMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset(): void;
  mutate(
    body: ComposerBody,
    options: { onSuccess?: (post: PostDto) => void; onError: (error: unknown) => void },
  ): void;
}

interface PostComposerProps {
  draft: PostDraft;
  onDraftChange: (update: SetStateAction<PostDraft>) => void;
  mutation: ComposerMutation;
  submitLabel: string;
  /** The text of a failure that is not about one field. */
  failureMessage: (error: unknown) => string;
  onSuccess: (post: PostDto) => void;
  onCancel: () => void;
  /** Shown beside the buttons: what became of the draft. */
  status?: ReactNode;
}

/**
 * The post form of the create sheet and the edit dialog: title, category, the forum's Markdown
 * editor (toolbar, Write and Preview, photos in the text) and up to 10 gallery images. The shared CreatePostBody schema checks it before sending;
 * the server's field messages are shown by their fields.
 */
export function PostComposer({
  draft,
  onDraftChange,
  mutation,
  submitLabel,
  failureMessage,
  onSuccess,
  onCancel,
  status,
}: PostComposerProps) {
  const id = useId();
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const showWrite = useRef<(() => void) | null>(null);
  const [galleryUploads, setGalleryUploads] = useState(false);
  const [writingUploads, setWritingUploads] = useState(false);
  const uploading = galleryUploads || writingUploads;

  const set = (field: 'title' | 'category' | 'content', value: string) => {
    onDraftChange((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  const setImages = useCallback(
    (update: SetStateAction<string[]>) => {
      onDraftChange((current) => ({
        ...current,
        images: typeof update === 'function' ? update(current.images) : update,
      }));
      clear('images');
    },
    [onDraftChange, clear],
  );

  /** A content error is shown on the Write tab, where the text can be fixed. */
  const showErrors = (next: FieldErrors<Field>, form?: HTMLFormElement | null) => {
    if (next.content) flushSync(() => showWrite.current?.());
    show(next, form);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (uploading) {
      event.preventDefault();
      return;
    }
    submitValidated({
      event,
      schema: CreatePostBody,
      input: draft,
      mutation,
      fields: FIELDS,
      show: showErrors,
      onSuccess,
    });
  };

  const hasFieldError = FIELDS.some((field) => errors[field] !== undefined);

  const contentErrorId = `${id}-content-error`;
  const contentHintId = `${id}-content-hint`;

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
        placeholder="Choose a category"
        options={CATEGORY_OPTIONS}
        value={draft.category}
        onChange={(event) => set('category', event.target.value)}
        error={errors.category}
      />
      <TagPicker
        value={draft.tags ?? []}
        error={errors.tags}
        onChange={(tags) => {
          onDraftChange((current) => ({ ...current, tags }));
          clear('tags');
        }}
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-content`} className="text-sm font-medium text-ink">
          Content
        </label>
        <MarkdownEditor
          id={`${id}-content`}
          value={draft.content}
          onChange={(value) => set('content', value)}
          maxImages={FORUM_LIMITS.imagesMax}
          imagesLabel="Images in the text"
          rows={12}
          invalid={Boolean(errors.content)}
          describedBy={errors.content ? `${contentHintId} ${contentErrorId}` : contentHintId}
          placeholder="Share a catch report, ask about gear, explain a rig… Drop or paste photos here."
          onBusyChange={setWritingUploads}
          showWriteRef={showWrite}
          footer={
            <p id={contentHintId} className="text-sm text-ink-muted">
              {`Markdown works: **bold**, *italic*, [links](https://…), lists, > quotes and tables. ${draft.content.trim().length.toLocaleString('en-US')} / ${FORUM_LIMITS.contentMax.toLocaleString('en-US')} characters.`}
            </p>
          }
        />
        {errors.content && <FieldError id={contentErrorId}>{errors.content}</FieldError>}
      </div>

      <ForumImagesField
        value={draft.images}
        onChange={setImages}
        error={errors.images}
        onBusyChange={setGalleryUploads}
      />

      {mutation.isError && !hasFieldError && <Alert tone="error">{failureMessage(mutation.error)}</Alert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {status && <div className="sm:mr-auto">{status}</div>}
        {uploading && (
          <p className={cn('text-sm text-ink-muted', !status && 'sm:mr-auto')}>
            Waiting for the images to finish uploading…
          </p>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
