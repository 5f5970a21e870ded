import type { CommentDto, QuoteTarget } from '@castline/shared';
import { quoteMarkdown } from '@castline/shared';
import type { RefObject } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useReplyDraft } from '../api/forum-drafts.api';

/** The comment box of a topic, shared by the post's and the comments' Reply and Quote buttons. */
export interface CommentComposer {
  content: string;
  setContent: (content: string) => void;
  /** The comment being answered, or null for a comment on the topic. */
  replyingTo: CommentDto | null;
  /** Answers this comment (null: back to a comment on the topic) and moves to the box (unless told not to). */
  replyTo: (comment: CommentDto | null, options?: { focus?: boolean }) => void;
  /** Adds a quote of these words at the end of the box and moves to it. */
  quote: (username: string, target: QuoteTarget, text: string) => void;
  reset: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The member's stored reply draft has been read (and put back): saving may start. */
  draftRead: boolean;
  /** When the reply draft put back in the box was saved (null: none was). */
  restoredDraftAt: string | null;
}

/** Where the box keeps its draft: the topic, and whether the member may write in it. */
interface DraftOptions {
  postId: string;
  comments: readonly CommentDto[];
  keepsDraft: boolean;
}

/** The text selected inside `element` (empty when the selection is elsewhere or collapsed). */
export function selectedTextWithin(element: HTMLElement | null): string {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!element || !selection || selection.isCollapsed) return '';
  const inside = element.contains(selection.anchorNode) && element.contains(selection.focusNode);
  return inside ? selection.toString().trim() : '';
}

export function useCommentComposer(draftOptions?: DraftOptions): CommentComposer {
  const [content, setContent] = useState('');
  const [replyingTo, setReplyingTo] = useState<CommentDto | null>(null);

  // The reply draft kept on the server is put back once, unless the member started writing first.
  const stored = useReplyDraft(draftOptions?.postId ?? '', Boolean(draftOptions?.keepsDraft));
  const [draftRead, setDraftRead] = useState(false);
  const [restoredDraftAt, setRestoredDraftAt] = useState<string | null>(null);
  if (!draftRead && stored.isFetched) {
    setDraftRead(true);
    const draft = stored.data?.draft;
    if (draft && !content.trim()) {
      setRestoredDraftAt(draft.updated_at);
      setContent(draft.content);
      setReplyingTo(draftOptions?.comments.find((comment) => comment.id === draft.reply_to_id) ?? null);
    }
  }
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);

  const moveToBox = useCallback((caretAtEnd: boolean) => {
    // The box loads on its own (a members-only chunk): wait for it for up to a second.
    let tries = 60;
    const move = () => {
      const field = textareaRef.current;
      if (!field) {
        if (tries-- > 0) requestAnimationFrame(move);
        return;
      }
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
      if (caretAtEnd) field.setSelectionRange(field.value.length, field.value.length);
    };
    requestAnimationFrame(move);
  }, []);

  const replyTo = useCallback(
    (comment: CommentDto | null, options?: { focus?: boolean }) => {
      setReplyingTo(comment);
      if (options?.focus !== false) moveToBox(false);
    },
    [moveToBox],
  );

  const quote = useCallback(
    (username: string, target: QuoteTarget, text: string) => {
      if (!text.trim()) return;
      setContent((current) => {
        const before = current.trimEnd();
        return `${before ? `${before}\n\n` : ''}${quoteMarkdown(username, target, text)}`;
      });
      moveToBox(true);
    },
    [moveToBox],
  );

  const reset = useCallback(() => {
    setContent('');
    setReplyingTo(null);
  }, []);

  return useMemo(
    () => ({
      content,
      setContent,
      replyingTo,
      replyTo,
      quote,
      reset,
      textareaRef,
      draftRead,
      restoredDraftAt,
    }),
    [content, replyingTo, replyTo, quote, reset, draftRead, restoredDraftAt],
  );
}
