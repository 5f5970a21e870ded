import type { ReplyDraftDto, SaveReplyDraftBody, SaveTopicDraftBody, TopicDraftDto } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client';
import type { DraftPlace } from '../api/forum-drafts.api';
import { draftKeyOf, draftUrl } from '../api/forum-drafts.api';

export type DraftStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'restored'; at: string }
  | { state: 'failed'; message: string };

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

interface AutosaveOptions<T> {
  place: DraftPlace;
  /** What the composer holds now; saved when it stops changing. */
  value: T;
  /** False until the stored draft has been read (so it is not overwritten by an empty composer). */
  enabled: boolean;
  /** When the draft that was put back in the composer was saved (null: none was). */
  restoredAt: string | null;
}

/**
 * Keeps the composer's text on the server while the member writes: DRAFT_SAVE_DELAY_MS after the
 * last change, and at once when the page is left. Answers what the member is told about it, and
 * `discard`, which forgets the draft (the composer was emptied or cancelled on purpose).
 */
export function useDraftAutosave<T extends SaveTopicDraftBody | SaveReplyDraftBody>({
  place,
  value,
  enabled,
  restoredAt,
}: AutosaveOptions<T>) {
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  // A draft put back in the composer is said so, and can be discarded at once.
  const [toldRestored, setToldRestored] = useState(false);
  if (enabled && !toldRestored) {
    setToldRestored(true);
    if (restoredAt) setStatus({ state: 'restored', at: restoredAt });
  }
  const queryClient = useQueryClient();
  const url = draftUrl(place);
  const serialized = JSON.stringify(value);
  /** What the server holds (as far as this page knows). */
  const saved = useRef<string | null>(null);
  const pending = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const save = useCallback(
    async (body: string) => {
      pending.current = null;
      setStatus({ state: 'saving' });
      try {
        const answer = await api.put<TopicDraftDto | ReplyDraftDto>(url, JSON.parse(body) as unknown);
        saved.current = body;
        setStatus(answer.draft ? { state: 'saved', at: answer.draft.updated_at } : { state: 'idle' });
      } catch (error) {
        setStatus({ state: 'failed', message: errorMessage(error) });
      }
    },
    [url],
  );

  // The first value seen once enabled is what the server already holds (the restored draft).
  useEffect(() => {
    if (enabled && saved.current === null) saved.current = serialized;
  }, [enabled, serialized]);

  useEffect(() => {
    if (!enabled || saved.current === null || serialized === saved.current) return;
    pending.current = serialized;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(serialized), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [enabled, serialized, save]);

  // Leaving the page (or closing the composer) saves what is still waiting.
  useEffect(() => {
    const flush = () => {
      const body = pending.current;
      if (body === null) return;
      pending.current = null;
      void fetch(url, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [url]);

  const discard = useCallback(async () => {
    window.clearTimeout(timer.current);
    pending.current = null;
    saved.current = null;
    setStatus({ state: 'idle' });
    queryClient.removeQueries({ queryKey: draftKeyOf(url) });
    try {
      await api.delete(url);
    } catch {
      // Nothing lost: the next save or publish replaces or discards it.
    }
  }, [url, queryClient]);

  /** The composer was published or emptied: the server already dropped the draft. */
  const forget = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    saved.current = null;
    setStatus({ state: 'idle' });
    queryClient.removeQueries({ queryKey: draftKeyOf(url) });
  }, [queryClient, url]);

  return { status, discard, forget };
}
