import { Bug, X } from 'lucide-react';
import { useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';

/** The debug panel itself: the route and session state (loaded only once debug mode is on). */
export default function DebugPanelBody({ onTurnOff }: { onTurnOff: () => void }) {
  const location = useLocation();
  const session = useSession();
  const user = session.data?.user;
  return (
    <aside
      aria-label="Debug information"
      className="fixed bottom-20 left-3 z-40 max-w-[calc(100vw-1.5rem)] rounded-xl border border-line bg-surface/95 p-3 font-mono text-xs text-ink shadow-lg md:bottom-3"
    >
      <div className="mb-1 flex items-center gap-2 font-sans font-semibold">
        <Bug aria-hidden="true" size={14} className="text-cta" />
        Debug mode
        <button
          type="button"
          aria-label="Turn off debug mode"
          className="ml-auto inline-flex size-7 items-center justify-center rounded-md hover:bg-surface-muted"
          onClick={onTurnOff}
        >
          <X aria-hidden="true" size={14} />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-ink-muted">route</dt>
        <dd className="truncate">{location.pathname + location.search}</dd>
        <dt className="text-ink-muted">session</dt>
        <dd>{session.isPending ? 'loading' : user ? `${user.username} (${user.role})` : 'guest'}</dd>
        {user && (
          <>
            <dt className="text-ink-muted">flags</dt>
            <dd>
              {[user.is_admin && 'admin', user.is_captain && 'captain'].filter(Boolean).join(', ') || 'none'}
            </dd>
          </>
        )}
      </dl>
    </aside>
  );
}
