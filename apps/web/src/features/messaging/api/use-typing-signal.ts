import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeClient } from '../../../lib/realtime';
import { isMemberId } from '../../presence';
import { TYPING } from './typing-store';

/**
 * Tells the other member that this one is typing: "typing" at most every 3 s while keys are
 * pressed, "stopped" after 4 s without typing, on send and on leaving the thread. Only the flag
 * travels, never the text.
 */
export function useTypingSignal(recipientId: string) {
  const client = useRealtimeClient();
  const state = useRef({ active: false, lastSentAt: 0, idle: null as ReturnType<typeof setTimeout> | null });

  const stop = useCallback(() => {
    const current = state.current;
    if (current.idle !== null) clearTimeout(current.idle);
    current.idle = null;
    if (current.active) {
      client.send({ type: 'typing', recipient_id: recipientId, typing: false });
      current.active = false;
      current.lastSentAt = 0;
    }
  }, [client, recipientId]);

  const typed = useCallback(
    (text: string) => {
      if (!isMemberId(recipientId)) return;
      if (!text.trim()) {
        stop();
        return;
      }
      const current = state.current;
      const now = Date.now();
      if (!current.active || now - current.lastSentAt >= TYPING.throttleMs) {
        if (client.send({ type: 'typing', recipient_id: recipientId, typing: true })) {
          current.active = true;
          current.lastSentAt = now;
        }
      }
      if (current.idle !== null) clearTimeout(current.idle);
      current.idle = setTimeout(stop, TYPING.idleMs);
    },
    [client, recipientId, stop],
  );

  useEffect(() => stop, [stop]);

  return { typed, stop };
}
