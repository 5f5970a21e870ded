import { Bold, Code, ImagePlus, Italic, Link, List, Quote } from 'lucide-react';
import type { ClipboardEvent, DragEvent, KeyboardEvent, ReactNode, RefObject } from 'react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import {
  isMobileDevice,
  PhotoChooserInput,
  UploadProblems,
  UploadQueue,
  useImageUploads,
} from '../../listings';
import type { FormatAction, TextEdit } from '../lib/markdown-format';
import { applyFormat, countOwnImages, imageMarkdown, insertBlock } from '../lib/markdown-format';
import { MentionTextarea } from './mention-textarea';

/** The Markdown parser loads with the first preview, not with every page that offers the composer. */
const MarkdownPreview = lazy(() =>
  import('./markdown-preview').then((module) => ({ default: module.MarkdownPreview })),
);

interface ToolbarButton {
  action: FormatAction | 'image';
  label: string;
  icon: typeof Bold;
  /** The key that does it with Ctrl (⌘ on a Mac). */
  key?: string;
}

const BUTTONS: ToolbarButton[] = [
  { action: 'bold', label: 'Bold', icon: Bold, key: 'b' },
  { action: 'italic', label: 'Italic', icon: Italic, key: 'i' },
  { action: 'link', label: 'Link', icon: Link, key: 'k' },
  { action: 'list', label: 'Bulleted list', icon: List },
  { action: 'quote', label: 'Quote', icon: Quote },
  { action: 'code', label: 'Code', icon: Code },
  { action: 'image', label: 'Add an image', icon: ImagePlus },
];

const SHORTCUTS = new Map(BUTTONS.filter((b) => b.key).map((b) => [b.key!, b.action as FormatAction]));

type Tab = 'write' | 'preview';

interface MarkdownEditorProps {
  /** The textarea's id (for its label). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** Where uploaded images go, and how many the text may show. */
  maxImages: number;
  /** What the file chooser is called for screen readers. */
  imagesLabel: string;
  placeholder: string;
  rows: number;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Told while images are being checked or uploaded (publishing waits for them). */
  onBusyChange?: (busy: boolean) => void;
  /** Shown under the text, next to the Write and Preview tabs' panel (the hint and counters). */
  footer?: ReactNode;
  /** The Write tab is shown again (so an error in the text can be fixed). */
  showWriteRef?: RefObject<(() => void) | null>;
  className?: string;
}

/** Replaces the textarea's text so that Undo still works where the browser allows it. */
function replaceText(field: HTMLTextAreaElement, next: TextEdit, onChange: (value: string) => void): void {
  const old = field.value;
  let head = 0;
  while (head < old.length && head < next.text.length && old[head] === next.text[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.text.length - head &&
    old[old.length - 1 - tail] === next.text[next.text.length - 1 - tail]
  ) {
    tail++;
  }
  const inserted = next.text.slice(head, next.text.length - tail);
  field.focus();
  field.setSelectionRange(head, old.length - tail);
  let done = false;
  try {
    // The editing command keeps the browser's undo history; React hears its input event.
    done = document.execCommand(inserted ? 'insertText' : 'delete', false, inserted);
  } catch {
    done = false;
  }
  // Without the command, the new text is drawn now, so that the selection below lands in it before
  // another key is handled (a frame later, keys typed meanwhile would go where the caret was).
  if (!done || field.value !== next.text) flushSync(() => onChange(next.text));
  field.focus();
  field.setSelectionRange(next.start, next.end);
}

/**
 * The forum's Markdown editor: a formatting toolbar (bold, italic, link, list, quote, code and
 * image; Ctrl+B, Ctrl+I and Ctrl+K), Write and Preview tabs, @mention suggestions, and images
 * dropped, pasted or chosen, which go through the photo pipeline (checks, compression, an upload
 * with its progress) and are written into the text where the caret is.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  textareaRef,
  maxImages,
  imagesLabel,
  placeholder,
  rows,
  invalid,
  describedBy,
  autoFocus,
  onBusyChange,
  footer,
  showWriteRef,
  className,
}: MarkdownEditorProps) {
  const base = useId();
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const fieldRef = textareaRef ?? ownRef;
  const inputRef = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<Tab>('write');
  const [focusIndex, setFocusIndex] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [isMobile] = useState(() => isMobileDevice());

  useEffect(() => {
    if (!showWriteRef) return;
    showWriteRef.current = () => setTab('write');
    return () => {
      showWriteRef.current = null;
    };
  }, [showWriteRef]);

  const onUploaded = useCallback(
    (url: string) => {
      const field = fieldRef.current;
      if (!field) return;
      const focused = document.activeElement === field;
      const at = focused ? field.selectionEnd : field.value.length;
      const next = insertBlock(
        { text: field.value, start: focused ? field.selectionStart : at, end: at },
        imageMarkdown(url),
      );
      if (focused) replaceText(field, next, onChange);
      else onChange(next.text);
    },
    [fieldRef, onChange],
  );
  const { pending, problems, checking, addFiles, retry, discard } = useImageUploads({
    imageCount: countOwnImages(value),
    isMobile,
    onUploaded,
    bucket: 'forum-images',
    max: maxImages,
  });
  const busy = checking || pending.some((item) => item.status !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const act = (action: FormatAction | 'image') => {
    if (action === 'image') {
      inputRef.current?.click();
      return;
    }
    const field = fieldRef.current;
    if (!field) return;
    if (tab !== 'write') setTab('write');
    replaceText(
      field,
      applyFormat({ text: field.value, start: field.selectionStart, end: field.selectionEnd }, action),
      onChange,
    );
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const action = SHORTCUTS.get(event.key.toLowerCase());
    if (!action) return;
    event.preventDefault();
    act(action);
  };

  // The toolbar is one stop for Tab; the arrow keys, Home and End move along it.
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: BUTTONS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + BUTTONS.length) % BUTTONS.length;
    setFocusIndex(next);
    event.currentTarget.querySelectorAll('button')[next]?.focus();
  };

  const imageFiles = (list: FileList | null | undefined) =>
    Array.from(list ?? []).filter(
      (file) => file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name),
    );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    const files = imageFiles(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    fieldRef.current?.focus();
    void addFiles(files);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = imageFiles(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    void addFiles(files);
  };

  const tabId = (name: Tab) => `${base}-${name}-tab`;
  const panelId = (name: Tab) => `${base}-${name}-panel`;
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
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-surface shadow-xs',
          invalid ? 'border-danger' : 'border-line',
          dragging && 'ring-2 ring-ring',
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line bg-surface-muted/60 px-1.5 py-1">
          <div
            role="toolbar"
            aria-label="Formatting"
            aria-controls={id}
            onKeyDown={onToolbarKeyDown}
            className="flex flex-wrap items-center gap-0.5"
          >
            {BUTTONS.map((button, index) => {
              const Icon = button.icon;
              const shortcut = button.key ? `${isMac ? '⌘' : 'Ctrl+'}${button.key.toUpperCase()}` : null;
              return (
                <button
                  key={button.action}
                  type="button"
                  tabIndex={index === focusIndex ? 0 : -1}
                  aria-label={button.label}
                  aria-keyshortcuts={button.key ? `Control+${button.key.toUpperCase()}` : undefined}
                  title={shortcut ? `${button.label} (${shortcut})` : button.label}
                  // Keep the selection in the text: the action reads it.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => act(button.action)}
                  className="inline-flex size-9 items-center justify-center rounded-md text-ink-muted hover:bg-surface hover:text-ink focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Icon aria-hidden="true" size={17} />
                </button>
              );
            })}
          </div>
          <div
            role="tablist"
            aria-label="Text view"
            className="inline-flex rounded-lg bg-surface-muted p-0.5"
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
                  'min-h-8 rounded-md px-3 text-sm font-semibold transition-colors',
                  tab === name ? 'bg-surface text-brand shadow-sm' : 'text-ink-muted hover:text-ink',
                )}
              >
                {name === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
        </div>
        <div
          role="tabpanel"
          id={panelId('write')}
          aria-labelledby={tabId('write')}
          hidden={tab !== 'write'}
          onDrop={onDrop}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
        >
          <MentionTextarea
            id={id}
            name="content"
            textareaRef={fieldRef}
            value={value}
            rows={rows}
            onValueChange={onChange}
            onKeyDown={onFieldKeyDown}
            onPaste={onPaste}
            autoFocus={autoFocus}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            placeholder={placeholder}
            className="block w-full resize-y border-0 bg-transparent px-3 py-2 text-base leading-relaxed text-ink placeholder:text-ink-muted/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          />
        </div>
        <div
          role="tabpanel"
          id={panelId('preview')}
          aria-labelledby={tabId('preview')}
          hidden={tab !== 'preview'}
          tabIndex={0}
          className="min-h-32 px-4 py-1"
        >
          {tab === 'preview' &&
            (value.trim() ? (
              <Suspense fallback={<Spinner label="Loading preview" size={20} className="my-4 text-brand" />}>
                <MarkdownPreview source={value} />
              </Suspense>
            ) : (
              <p className="my-3 text-sm text-ink-muted">
                Nothing to preview yet. Write something on the Write tab.
              </p>
            ))}
        </div>
      </div>
      {footer}
      <PhotoChooserInput ref={inputRef} label={imagesLabel} onFiles={(files) => void addFiles(files)} />
      {checking && (
        <p role="status" className="inline-flex items-center gap-2 text-sm text-ink-muted">
          <Spinner size={14} />
          Checking images…
        </p>
      )}
      <UploadProblems problems={problems} />
      <UploadQueue items={pending} onRetry={(item) => void retry(item)} onRemove={discard} />
    </div>
  );
}
