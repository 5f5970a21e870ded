import { LogIn, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BANNER_POLL_MS } from '@castline/shared';
import { buttonClasses } from '../../components/ui/button';
import type { StoredSessionMessage } from '../../lib/session-messages';
import { clearSessionMessages, readSessionMessages } from '../../lib/session-messages';

function sameMessages(a: StoredSessionMessage[], b: StoredSessionMessage[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry.message === b[index]?.message);
}

/**
 * The banner at the top of every page for stored session-expired, auth-error and page-load-failure
 * messages; storage is re-checked every 2 s, so a message raised anywhere shows up here.
 */
export function GlobalBanner() {
  const [messages, setMessages] = useState(readSessionMessages);

  useEffect(() => {
    const check = () => {
      const next = readSessionMessages();
      setMessages((current) => (sameMessages(current, next) ? current : next));
    };
    const timer = window.setInterval(check, BANNER_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  const first = messages[0];
  if (!first) return null;

  const dismiss = () => {
    clearSessionMessages();
    setMessages([]);
  };

  return (
    <div role="alert" className="border-b border-cta/40 bg-cta/15 text-ink">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6">
        <TriangleAlert aria-hidden="true" size={18} className="shrink-0 text-cta-hover" />
        <p className="min-w-0 flex-1 text-sm font-medium">{first.message}</p>
        <div className="flex items-center gap-2">
          <Link to="/login" onClick={dismiss} className={buttonClasses({ size: 'sm' })}>
            <LogIn aria-hidden="true" size={16} />
            Sign In
          </Link>
          <button type="button" onClick={dismiss} className={buttonClasses({ size: 'sm', variant: 'ghost' })}>
            <X aria-hidden="true" size={16} />
            Dismiss
          </button>
        </div>
      </div>
    </div>
  );
}
