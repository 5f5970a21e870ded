import { SHELL_MESSAGES } from '@castline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeSessionMessage } from '../../lib/session-messages';
import { apiError } from '../../test/fetch-mock';
import { guestSession } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { GlobalBanner, SITE_NOTICE_DISMISSED_KEY, siteNoticeKey } from './global-banner';

const NOTICE = 'Castline is down for maintenance tonight from 10 pm PT.';

function renderBanner(answer: Parameters<typeof renderRoute>[1] extends infer O ? O : never = {}) {
  return renderRoute(
    <div>
      <GlobalBanner />
      <h1>Start page</h1>
    </div>,
    { session: guestSession, ...answer },
  );
}

function noticeAnswer(notice: string | null) {
  return { server: { 'GET /api/site-notice': { body: { notice } } } };
}

async function settled(view: ReturnType<typeof renderBanner>) {
  await waitFor(() => expect(view.queryClient.getQueryState(siteNoticeKey)?.status).not.toBe('pending'));
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('site notice', () => {
  it('shows the notice as a calm status strip, not an alert', async () => {
    renderBanner(noticeAnswer(NOTICE));
    const strip = await screen.findByRole('status', { name: 'Site notice' });
    expect(strip).toHaveTextContent(NOTICE);
    expect(within(strip).getByRole('button', { name: 'Dismiss site notice' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides a dismissed notice for the rest of the browser session', async () => {
    const first = renderBanner(noticeAnswer(NOTICE));
    const strip = await screen.findByRole('status', { name: 'Site notice' });
    await first.user.click(within(strip).getByRole('button', { name: 'Dismiss site notice' }));
    expect(screen.queryByRole('status', { name: 'Site notice' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(SITE_NOTICE_DISMISSED_KEY)).toBe(NOTICE);
    first.unmount();

    // Another page load in the same session: the same notice stays hidden.
    const second = renderBanner(noticeAnswer(NOTICE));
    await settled(second);
    expect(screen.getByRole('heading', { name: 'Start page' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('shows a changed notice again after an older one was dismissed', async () => {
    window.sessionStorage.setItem(SITE_NOTICE_DISMISSED_KEY, NOTICE);
    renderBanner(noticeAnswer('New: listing photos now load twice as fast.'));
    expect(await screen.findByRole('status', { name: 'Site notice' })).toHaveTextContent(
      'New: listing photos now load twice as fast.',
    );
  });

  it('picks up a notice that changes while the page is open', async () => {
    let notice: string | null = null;
    const view = renderBanner({ server: { 'GET /api/site-notice': () => ({ body: { notice } }) } });
    await settled(view);
    expect(screen.queryByRole('status', { name: 'Site notice' })).not.toBeInTheDocument();

    notice = NOTICE;
    await act(() => view.queryClient.refetchQueries({ queryKey: siteNoticeKey }));
    expect(await screen.findByRole('status', { name: 'Site notice' })).toHaveTextContent(NOTICE);
  });

  it('shows nothing when there is no notice', async () => {
    const view = renderBanner(noticeAnswer(null));
    await settled(view);
    expect(view.server.calls('GET', '/api/site-notice').length).toBeGreaterThan(0);
    expect(screen.queryByRole('status', { name: 'Site notice' })).not.toBeInTheDocument();
  });

  it('shows nothing when the notice cannot be fetched', async () => {
    const view = renderBanner({
      server: { 'GET /api/site-notice': apiError(500, 'INTERNAL', 'Something went wrong') },
    });
    await waitFor(() => expect(view.queryClient.getQueryState(siteNoticeKey)?.status).toBe('error'));
    expect(screen.queryByRole('status', { name: 'Site notice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('keeps the session messages, above the notice', async () => {
    storeSessionMessage('sessionExpired', SHELL_MESSAGES.sessionExpired);
    renderBanner(noticeAnswer(NOTICE));
    const strip = await screen.findByRole('status', { name: 'Site notice' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(SHELL_MESSAGES.sessionExpired);
    expect(alert.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
