import type { SiteNoticeDto } from '@castline/shared';
import { BANNER_POLL_MS } from '@castline/shared';
import { useQuery } from '@tanstack/react-query';
import { Info, LogIn, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import type { StoredSessionMessage } from '../../lib/session-messages';
import { clearSessionMessages, readSessionMessages } from '../../lib/session-messages';

function sameMessages(a: StoredSessionMessage[], b: StoredSessionMessage[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry.message === b[index]?.message);
}

/** The notice text the visitor dismissed in this browser session (a changed notice shows again). */
export const SITE_NOTICE_DISMISSED_KEY = 'castline:site-notice-dismissed';
/** The notice is asked for again this often, so a new one reaches open tabs. */
export const SITE_NOTICE_REFETCH_MS = 3 * 60_000;
export const siteNoticeKey = ['site-notice'] as const;

function readDismissedNotice(): string | null {
  try {
    return window.sessionStorage.getItem(SITE_NOTICE_DISMISSED_KEY);
  } catch {
    return null;
  }
}

function storeDismissedNotice(notice: string): void {
  try {
    window.sessionStorage.setItem(SITE_NOTICE_DISMISSED_KEY, notice);
  } catch {
    // Storage blocked: the notice stays hidden until the page is reloaded.
  }
}

/** The admins' site notice (GET /api/site-notice, public); a failed fetch shows nothing. */
function SiteNotice() {
  const { data } = useQuery({
    queryKey: siteNoticeKey,
    queryFn: ({ signal }) => api.get<SiteNoticeDto>('/api/site-notice', signal),
    refetchInterval: SITE_NOTICE_REFETCH_MS,
  });
  const [dismissed, setDismissed] = useState(readDismissedNotice);

  const notice = data?.notice?.trim() ?? '';
  if (!notice || notice === dismissed) return null;

  const dismiss = () => {
    storeDismissedNotice(notice);
    setDismissed(notice);
  };

  return (
    <div role="status" aria-label="Site notice" className="border-b border-brand/25 bg-brand-soft text-ink">
      <div className="mx-auto flex w-full max-w-6xl items-start gap-3 px-4 py-2 sm:items-center sm:px-6">
        <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-brand sm:mt-0" />
        <p className="min-w-0 flex-1 py-1 text-sm break-words whitespace-pre-line">{notice}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss site notice"
          className={buttonClasses({ size: 'sm', variant: 'ghost', className: 'shrink-0' })}
        >
          <X aria-hidden="true" size={16} />
          Dismiss
        </button>
      </div>
    </div>
  );
}

/**
 * The banner at the top of every page: the admins' site notice, and stored session-expired,
 * auth-error and page-load-failure messages; storage is re-checked every 2 s, so a message raised
 * anywhere shows up here.
 */
export function GlobalBanner() {
  return (
    <>
      <SessionMessageBanner />
      <SiteNotice />
    </>
  );
}

function SessionMessageBanner() {
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
