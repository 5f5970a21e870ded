import type { PostDto } from '@castline/shared';
import { CreatePostBody, FORUM_CATEGORIES, FORUM_LIMITS } from '@castline/shared';
import type { FormEvent, KeyboardEvent, SetStateAction } from 'react';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError, SelectField } from '../../../components/ui/form-fields';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../../../lib/form-errors';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { ForumImagesField } from './forum-images-field';

/** The Markdown renderer loads with the first preview, not with every page that offers the composer. */
const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

/** What the composer holds while a post is written (or edited). */
export interface PostDraft {
  title: string;
  category: string;
  content: string;
  images: string[];
}

export const EMPTY_DRAFT: PostDraft = { title: '', category: '', content: '', images: [] };

export function draftOf(post: PostDto): PostDraft {
  return { title: post.title, category: post.category, content: post.content, images: [...post.images] };
}

export type ComposerBody = z.output<typeof CreatePostBody>;

const FIELDS = ['title', 'category', 'content', 'images'] as const;
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
}

type Tab = 'write' | 'preview';

/**
 * The post form of the create and edit dialogs: title, category, Markdown content with Write and
 * Preview tabs, and up to 10 images. The shared CreatePostBody schema checks it before sending;
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
}: PostComposerProps) {
  const id = useId();
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const [tab, setTab] = useState<Tab>('write');
  const [uploading, setUploading] = useState(false);

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
    if (next.content) flushSync(() => setTab('write'));
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
  const tabId = (name: Tab) => `${id}-${name}-tab`;
  const panelId = (name: Tab) => `${id}-${name}-panel`;
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home'
        ? 'write'
        : event.key === 'End'
          ? 'preview'
          : tab === 'write'
            ? 'preview'
            : 'write';
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

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

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={`${id}-content`} className="text-sm font-medium text-ink">
            Content
          </label>
          <div
            role="tablist"
            aria-label="Content view"
            className="inline-flex rounded-lg bg-surface-muted p-1"
          >
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={tabId(name)}
                aria-selected={tab === name}
                aria-controls={panelId(name)}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                onKeyDown={onTabKey}
                className={cn(
                  'min-h-9 rounded-md px-3 text-sm font-semibold transition-colors',
                  tab === name ? 'bg-surface text-brand shadow-sm' : 'text-ink-muted hover:text-ink',
                )}
              >
                {name === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
        </div>
        <div role="tabpanel" id={panelId('write')} aria-labelledby={tabId('write')} hidden={tab !== 'write'}>
          <textarea
            id={`${id}-content`}
            name="content"
            value={draft.content}
            onChange={(event) => set('content', event.target.value)}
            rows={10}
            aria-invalid={Boolean(errors.content)}
            aria-describedby={errors.content ? `${contentHintId} ${contentErrorId}` : contentHintId}
            placeholder="Share a catch report, ask about gear, explain a rig…"
            className={cn(
              'block min-h-48 w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base leading-relaxed text-ink shadow-xs',
              'placeholder:text-ink-muted/70 focus-visible:border-ring',
              errors.content ? 'border-danger' : 'border-line',
            )}
          />
        </div>
        <div
          role="tabpanel"
          id={panelId('preview')}
          aria-labelledby={tabId('preview')}
          hidden={tab !== 'preview'}
          tabIndex={0}
          className="min-h-48 rounded-lg border border-line bg-surface px-4 py-1"
        >
          {tab === 'preview' &&
            (draft.content.trim() ? (
              <Suspense fallback={<Spinner label="Loading preview" size={20} className="my-4 text-brand" />}>
                <Markdown>{draft.content}</Markdown>
              </Suspense>
            ) : (
              <p className="my-3 text-sm text-ink-muted">
                Nothing to preview yet. Write something on the Write tab.
              </p>
            ))}
        </div>
        <p id={contentHintId} className="text-sm text-ink-muted">
          {`Markdown works: **bold**, *italic*, [links](https://…), lists, > quotes and tables. ${draft.content.trim().length.toLocaleString('en-US')} / ${FORUM_LIMITS.contentMax.toLocaleString('en-US')} characters.`}
        </p>
        {errors.content && <FieldError id={contentErrorId}>{errors.content}</FieldError>}
      </div>

      <ForumImagesField
        value={draft.images}
        onChange={setImages}
        error={errors.images}
        onBusyChange={setUploading}
      />

      {mutation.isError && !hasFieldError && <Alert tone="error">{failureMessage(mutation.error)}</Alert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {uploading && (
          <p className="text-sm text-ink-muted sm:mr-auto">Waiting for the images to finish uploading…</p>
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
