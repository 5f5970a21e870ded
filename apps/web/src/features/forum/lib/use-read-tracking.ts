import type { PostDto } from '@castline/shared';
import { useEffect, useRef } from 'react';
import { useMarkTopicRead } from '../api/forum.api';

/** How long the reading has to rest before the position is sent. */
const SEND_AFTER_MS = 800;

/**
 * Records how far a member reads a topic: opening it reads the post, and each comment that comes
 * into view moves the read position forward to it (sent once the scrolling rests). Without
 * IntersectionObserver, every comment on the page counts as read.
 */
export function useReadTracking(post: PostDto | undefined, signedIn: boolean): void {
  const { mutate } = useMarkTopicRead(post?.id ?? '');
  const sent = useRef(-2);
  const comments = post?.comments;

  useEffect(() => {
    if (!signedIn || !comments) return;
    const ids = comments.map((comment) => comment.id);
    let furthest = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (furthest <= sent.current) return;
      sent.current = furthest;
      mutate(furthest >= 0 ? ids[furthest]! : null);
    };
    const seen = (index: number) => {
      if (index <= furthest) return;
      furthest = index;
      clearTimeout(timer);
      timer = setTimeout(send, SEND_AFTER_MS);
    };
    // The post itself is read on opening.
    if (sent.current < -1) {
      sent.current = -1;
      mutate(null);
    }
    if (ids.length === 0) return;
    if (typeof IntersectionObserver === 'undefined') {
      seen(ids.length - 1);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) seen(ids.indexOf(entry.target.id.slice('comment-'.length)));
        }
      },
      { threshold: 0.6 },
    );
    for (const id of ids) {
      const element = document.getElementById(`comment-${id}`);
      if (element) observer.observe(element);
    }
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      send();
    };
  }, [comments, signedIn, mutate]);
}
