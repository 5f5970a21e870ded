import type { CommentDto, QuoteTarget } from '@castline/shared';
import { quoteMarkdown } from '@castline/shared';
import type { RefObject } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';

/** The comment box of a topic, shared by the post's and the comments' Reply and Quote buttons. */
export interface CommentComposer {
  content: string;
  setContent: (content: string) => void;
  /** The comment being answered, or null for a comment on the topic. */
  replyingTo: CommentDto | null;
  /** Answers this comment (null: back to a comment on the topic) and moves to the box. */
  replyTo: (comment: CommentDto | null) => void;
  /** Adds a quote of these words at the end of the box and moves to it. */
  quote: (username: string, target: QuoteTarget, text: string) => void;
  reset: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/** The text selected inside `element` (empty when the selection is elsewhere or collapsed). */
export function selectedTextWithin(element: HTMLElement | null): string {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!element || !selection || selection.isCollapsed) return '';
  const inside = element.contains(selection.anchorNode) && element.contains(selection.focusNode);
  return inside ? selection.toString().trim() : '';
}

export function useCommentComposer(): CommentComposer {
  const [content, setContent] = useState('');
  const [replyingTo, setReplyingTo] = useState<CommentDto | null>(null);
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
    (comment: CommentDto | null) => {
      setReplyingTo(comment);
      moveToBox(false);
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
    () => ({ content, setContent, replyingTo, replyTo, quote, reset, textareaRef }),
    [content, replyingTo, replyTo, quote, reset],
  );
}
