import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from '../../../lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearRecentEntries,
  consoleSink,
  createDefaultMonitoringClient,
  createMonitoringClient,
  recentEntrySink,
  setMonitoring,
} from '../../../lib/monitoring';
import type { MonitoringTransport } from '../../../lib/monitoring-delivery';
import {
  createMonitoringDelivery,
  MONITORING_ERRORS_PATH,
  MONITORING_EVENTS_PATH,
} from '../../../lib/monitoring-delivery';
import { ErrorTestRoute } from './error-test-route';

function renderPage() {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/error-test']}>
        <ErrorTestRoute />
      </MemoryRouter>
    </StrictMode>,
  );
}

function activityLog() {
  return screen.getByRole('log', { name: 'Activity' });
}

/**
 * In a browser an error thrown by a timer callback becomes a window 'error' event; Node would
 * instead crash the test run. This makes timers behave as in the browser.
 */
function reportTimerErrorsLikeABrowser() {
  const realSetTimeout = window.setTimeout;
  vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, timeout?: number) =>
    realSetTimeout(() => {
      try {
        if (typeof handler === 'function') handler();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        window.dispatchEvent(new ErrorEvent('error', { error, message, cancelable: true }));
      }
    }, timeout)) as typeof window.setTimeout);
}

describe('error test page', () => {
  let consoleOutput: { error: ReturnType<typeof vi.spyOn>; info: ReturnType<typeof vi.spyOn> };

  beforeEach(() => {
    clearRecentEntries();
    consoleOutput = {
      error: vi.spyOn(console, 'error').mockImplementation(() => {}),
      info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    };
  });

  it('explains what it is for and offers the four tests', () => {
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Error Test' })).toBeInTheDocument();
    expect(screen.getByText(/checks monitoring end to end/)).toBeInTheDocument();
    for (const name of [
      'Trigger Uncaught Error',
      'Trigger Caught Exception',
      'Log Message',
      'Run Slow Operation',
    ]) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(activityLog()).toHaveAttribute('aria-live', 'polite');
    expect(activityLog()).toHaveTextContent('Nothing reported yet. Use a button above to send a report.');
    expect(document.title).toBe('Error Test · Castline');
  });

  it('reports an uncaught error through the global handler and keeps the page working', async () => {
    reportTimerErrorsLikeABrowser();
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Trigger Uncaught Error' }));

    const item = await within(activityLog()).findByRole('listitem');
    expect(item).toHaveTextContent('Uncaught error');
    expect(item).toHaveTextContent('Error test: uncaught error thrown on purpose');
    expect(item).toHaveTextContent('Level: error');
    expect(within(activityLog()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Error Test' })).toBeInTheDocument();
    expect(consoleOutput.error).toHaveBeenCalledWith(
      '[castline] uncaught error: Error test: uncaught error thrown on purpose',
      expect.objectContaining({ kind: 'error' }),
    );
  });

  it('reports a caught exception', () => {
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Trigger Caught Exception' }));

    const item = within(activityLog()).getByRole('listitem');
    expect(item).toHaveTextContent('Caught exception');
    expect(item).toHaveTextContent('Error test: caught exception thrown on purpose');
  });

  it('logs the test message and lists the newest report first', () => {
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Trigger Caught Exception' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Message' }));

    const [newest, older] = within(activityLog()).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Message');
    expect(newest).toHaveTextContent('Error test page message');
    expect(newest).toHaveTextContent('Level: info');
    expect(older).toHaveTextContent('Caught exception');
    expect(consoleOutput.info).toHaveBeenCalledWith(
      '[castline] message: Error test page message',
      expect.objectContaining({ level: 'info' }),
    );
  });

  it('times the slow operation, showing that it is busy and then how long it took', async () => {
    vi.useFakeTimers();
    renderPage();
    const button = screen.getByRole('button', { name: 'Run Slow Operation' });

    fireEvent.click(button);

    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Running… this takes about 1.5 seconds.')).toBeInTheDocument();

    fireEvent.click(button);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });

    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.getByText(/Finished in/)).toHaveTextContent('Finished in 1,500 ms');
    const items = within(activityLog()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Timing');
    expect(items[0]).toHaveTextContent('error-test.slow-operation took 1500 ms');
    expect(items[0]).toHaveTextContent('1,500 ms');
  });

  it('sends what the four buttons report to the monitoring store', async () => {
    reportTimerErrorsLikeABrowser();
    const sent: { path: string; body: Record<string, { event_type?: string; message?: string }[]> }[] = [];
    const transport = vi.fn<MonitoringTransport>(async (path, body) => {
      sent.push({ path, body: JSON.parse(body) as (typeof sent)[number]['body'] });
      return { status: 202 };
    });
    const delivery = createMonitoringDelivery({ transport, checkSignedIn: async () => true });
    setMonitoring(createMonitoringClient({ sinks: [consoleSink(), recentEntrySink, delivery.add] }));
    try {
      renderPage();
      expect(screen.getByText(/While you are signed in, reports are also sent/)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Trigger Uncaught Error' }));
      fireEvent.click(screen.getByRole('button', { name: 'Trigger Caught Exception' }));
      fireEvent.click(screen.getByRole('button', { name: 'Log Message' }));
      fireEvent.click(screen.getByRole('button', { name: 'Run Slow Operation' }));
      await screen.findByText(/Finished in/, undefined, { timeout: 3000 });
      await within(activityLog()).findByText('Error test: uncaught error thrown on purpose');

      await act(() => delivery.flush());

      const errors = sent
        .filter((request) => request.path === MONITORING_ERRORS_PATH)
        .flatMap((r) => r.body.errors!);
      expect(errors.map((item) => item.message).sort()).toEqual([
        'Error test: caught exception thrown on purpose',
        'Error test: uncaught error thrown on purpose',
      ]);
      const events = sent
        .filter((request) => request.path === MONITORING_EVENTS_PATH)
        .flatMap((r) => r.body.events!);
      expect(events.map((item) => item.event_type).sort()).toEqual(['log', 'timing']);
    } finally {
      setMonitoring(createDefaultMonitoringClient());
    }
  });
});
