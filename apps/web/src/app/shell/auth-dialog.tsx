import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, useTransition } from 'react';
import { lazyNamed } from '../../components/ui/lazy-layer';

export type AuthDialogView = 'sign-in' | 'sign-up' | 'reset';

interface AuthDialogApi {
  open: (view?: AuthDialogView) => void;
  /** Fetches the dialog's code ahead of an opening (hover or focus on a Sign In button). */
  prefetch: () => void;
  /** An opening is waiting for the dialog's code. */
  pending: boolean;
}

const AuthDialogContext = createContext<AuthDialogApi | null>(null);

export function useAuthDialog(): AuthDialogApi {
  const api = use(AuthDialogContext);
  if (!api) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return api;
}

const loadLayer = () => import('./auth-dialog-layer');
const AuthDialogLayer = lazy(lazyNamed(loadLayer, 'AuthDialogLayer'));

/**
 * The sign-in dialog ('Welcome Back'), switchable to sign-up and to the password-reset request.
 * Its code (the dialog and the three forms) loads on the first opening; the opening waits for it
 * in a transition, so the button that asked stays focused and is marked busy meanwhile.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<AuthDialogView | null>(null);
  const [mounted, setMounted] = useState(false);
  const [pending, startTransition] = useTransition();
  const open = useCallback(
    (next: AuthDialogView = 'sign-in') =>
      startTransition(() => {
        setMounted(true);
        setView(next);
      }),
    [],
  );
  const prefetch = useCallback(() => {
    // A failed fetch is retried (and reported) by the opening that needs it.
    loadLayer().catch(() => {});
  }, []);
  const api = useMemo(() => ({ open, prefetch, pending }), [open, prefetch, pending]);

  return (
    <AuthDialogContext value={api}>
      {children}
      <Suspense fallback={null}>{mounted && <AuthDialogLayer view={view} onViewChange={setView} />}</Suspense>
    </AuthDialogContext>
  );
}
