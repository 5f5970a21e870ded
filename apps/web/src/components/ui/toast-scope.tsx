import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import type { ToastApi } from './toaster';
import { ToastContext, useToast } from './toaster';

/** The toasts one piece of the page showed: they can be closed together. */
export interface ToastScopeApi extends ToastApi {
  /** Closes every toast shown through this scope that is still on screen. */
  dismissAll: () => void;
}

/**
 * Toasts that belong to one component (a form and what it contains): what they say stops being
 * true once the component is done with it, so it closes them together (`dismissAll`), and they
 * close by themselves when the component goes away. Toasts meant to outlive it (a success that
 * announces the next page) go through `useToast()` instead. `<ToastScope scope>` hands the scope
 * to the components inside, so that their toasts belong to it too.
 */
export function useToastScope(): ToastScopeApi {
  const parent = useToast();
  const shown = useRef(new Set<number>());
  const scope = useMemo<ToastScopeApi>(
    () => ({
      show: (message, options) => {
        const id = parent.show(message, options);
        shown.current.add(id);
        return id;
      },
      dismiss: (id) => {
        shown.current.delete(id);
        parent.dismiss(id);
      },
      dismissAll: () => {
        for (const id of shown.current) parent.dismiss(id);
        shown.current.clear();
      },
    }),
    [parent],
  );
  useEffect(() => scope.dismissAll, [scope]);
  return scope;
}

/** Components inside show their toasts through `scope` (see useToastScope). */
export function ToastScope({ scope, children }: { scope: ToastApi; children: ReactNode }) {
  return <ToastContext value={scope}>{children}</ToastContext>;
}
