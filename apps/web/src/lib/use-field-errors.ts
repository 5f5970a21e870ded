import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from './form-errors';
import { firstInvalidField } from './form-errors';

/**
 * Inline error state of a form: `show` replaces all errors and moves focus to the first invalid
 * field (in form order); `clear` drops one field's error as soon as the member edits it.
 */
export function useFieldErrors<K extends string>(order: readonly K[]) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});

  const show = useCallback(
    (next: FieldErrors<K>, form?: HTMLFormElement | null) => {
      flushSync(() => setErrors(next));
      const first = firstInvalidField(next, order);
      const element = first && form ? form.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
    },
    [order],
  );

  const clear = useCallback((field: K) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, show, clear };
}
