import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before a text filter applies. */
export const FILTER_DEBOUNCE_MS = 300;

interface DraftOptions {
  /** Whether two texts mean the same filter ("5" and "5.0"). */
  same?: (a: string, b: string) => boolean;
  delay?: number;
}

const strictlyEqual = (a: string, b: string) => a === b;

/**
 * A text field that applies its value after a pause in typing (or at once on Enter or blur), and
 * follows the applied value when it changes from elsewhere (a removed chip, Clear all, Back).
 */
export function useDebouncedDraft(
  value: string,
  apply: (text: string) => void,
  { same = strictlyEqual, delay = FILTER_DEBOUNCE_MS }: DraftOptions = {},
) {
  const [draft, setDraft] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  // What this field applied last: when the value comes back as that, it is our own change arriving
  // (and the member may have typed on meanwhile); any other new value came from elsewhere.
  const [ownValue, setOwnValue] = useState(value);
  if (!same(value, seenValue)) {
    setSeenValue(value);
    if (!same(value, ownValue)) {
      setOwnValue(value);
      setDraft(value);
    }
  }

  const applied = useRef(value);
  const applyRef = useRef(apply);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);
  useEffect(() => {
    applied.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = (text: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (same(text, applied.current)) return;
    applied.current = text;
    setOwnValue(text);
    applyRef.current(text);
  };

  return {
    draft,
    change(text: string) {
      setDraft(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(text), delay);
    },
    /** Applies the draft now (Enter, blur). */
    flush: () => flush(draft),
    /** Sets and applies a text at once (a clear button). */
    commit(text: string) {
      setDraft(text);
      flush(text);
    },
  };
}
