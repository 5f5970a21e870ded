import { SHELL_MESSAGES } from '@castline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, RefreshCw, TriangleAlert, WifiOff } from 'lucide-react';
import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from '../lib/router';
import { Button } from '../components/ui/button';
import { getMonitoring } from '../lib/monitoring';
import { hardRedirect } from '../lib/navigation';
import { AlertPanel } from './alert-panel';
import { isChunkLoadError } from './chunk-errors';

/** What a rendering failure shows; works without the router and without data. */
export function ErrorFallback() {
  return (
    <AlertPanel
      icon={TriangleAlert}
      title={SHELL_MESSAGES.renderFailedTitle}
      body={SHELL_MESSAGES.renderFailedBody}
      actions={
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" size={18} />
          Refresh Page
        </Button>
      }
    />
  );
}

/** Empties the browser's HTTP caches so a reload fetches the current page modules. */
async function clearBrowserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  try {
    const names = await window.caches.keys();
    await Promise.all(names.map((name) => window.caches.delete(name)));
  } catch {
    // Caches may be unavailable (private mode); the reload still helps.
  }
}

/** A page module failed to load (spec 'Loading Error' panel). */
export function LoadingErrorPanel() {
  const queryClient = useQueryClient();
  return (
    <AlertPanel
      icon={WifiOff}
      title={SHELL_MESSAGES.loadingErrorTitle}
      body={SHELL_MESSAGES.chunkLoadFailed}
      actions={
        <>
          <Button
            onClick={() => {
              queryClient.clear();
              void clearBrowserCaches().then(() => window.location.reload());
            }}
          >
            <RefreshCw aria-hidden="true" size={18} />
            Retry
          </Button>
          <Button variant="secondary" onClick={() => hardRedirect('/login')}>
            <LogIn aria-hidden="true" size={18} />
            Go to Login
          </Button>
        </>
      }
    />
  );
}

interface BoundaryState {
  failed: boolean;
}

/** Catches render failures anywhere below it (providers included). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    getMonitoring().captureError(error, { boundary: 'app', componentStack: info.componentStack ?? '' });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** The router catches errors in route components and page loads itself; this shows the right panel. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkFailure = isChunkLoadError(error);
  useEffect(() => {
    getMonitoring().captureError(error, { boundary: chunkFailure ? 'chunk-load' : 'route' });
  }, [error, chunkFailure]);
  return chunkFailure ? <LoadingErrorPanel /> : <ErrorFallback />;
}
