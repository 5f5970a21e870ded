import type { MonitoringErrorDto, MonitoringEventDto, MonitoringEventType } from '@castline/shared';

export const EVENT_TYPE_LABELS: Record<MonitoringEventType, string> = {
  metric: 'Metric',
  event: 'Event',
  log: 'Log',
  timing: 'Timing',
};

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** What an event is called: its metadata name, else its logged message. */
export function eventName(event: MonitoringEventDto): string | null {
  return text(event.metadata?.name) ?? text(event.metadata?.message);
}

/** A timing's duration in milliseconds, when it carries one. */
export function eventDurationMs(event: MonitoringEventDto): number | null {
  const value = event.metadata?.duration_ms ?? event.metadata?.durationMs;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function formatDuration(ms: number): string {
  return ms >= 10_000 ? `${numberFormat.format(ms / 1000)} s` : `${numberFormat.format(ms)} ms`;
}

/**
 * Where an error or event happened: the page path or address a browser sent, or the method and
 * route of a server request.
 */
export function whereOf(item: Pick<MonitoringErrorDto, 'context'>): string | null {
  const context = item.context ?? {};
  const url = text(context.url) ?? text(context.href) ?? text(context.path);
  if (url) return url;
  const route = text(context.route);
  if (route) return [text(context.method), route].filter(Boolean).join(' ');
  return null;
}

/** JSON for people: two-space indents; "—" for nothing. */
export function prettyJson(value: Record<string, unknown> | null): string | null {
  if (!value || Object.keys(value).length === 0) return null;
  return JSON.stringify(value, null, 2);
}
