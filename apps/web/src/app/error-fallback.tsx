import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** What a rendering failure shows; works without the router and without data. */
export function ErrorFallback() {
  return (
    <div role="alert" className="flex min-h-dvh flex-1 items-center justify-center bg-canvas px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <TriangleExclamationPoint aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Something went wrong</h1>
        <p className="text-ink-muted">
          An error occurred while rendering the application. Please try refreshing the page.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" size={18} />
          Refresh Page
        </Button>
      </div>
    </div>
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
    console.error('Castline failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** The router catches errors in route components itself; this shows the same fallback. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Castline failed to render a page', error);
  }, [error]);
  return <ErrorFallback />;
}
