import type { MonitoringErrorDto, MonitoringErrorGroupDto, MonitoringEventDto } from '@castline/shared';
import type { ErrorGroupRow, MonitoringErrorRow, MonitoringEventRow } from './monitoring.repository.js';

export function presentErrorGroup(row: ErrorGroupRow): MonitoringErrorGroupDto {
  return {
    fingerprint: row.fingerprint,
    message: row.message,
    count: row.count,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    last_stack: row.lastStack,
    sources: row.sources,
  };
}

export function presentError(row: MonitoringErrorRow): MonitoringErrorDto {
  return {
    id: row.id,
    source: row.source,
    message: row.message,
    stack: row.stack,
    fingerprint: row.fingerprint,
    context: row.context ?? null,
    metadata: row.metadata ?? null,
    request_id: row.request_id,
    user_id: row.user_id,
    timestamp: row.timestamp.toISOString(),
  };
}

export function presentEvent(row: MonitoringEventRow): MonitoringEventDto {
  return {
    id: row.id,
    event_type: row.event_type,
    user_id: row.user_id,
    context: row.context ?? null,
    metadata: row.metadata ?? null,
    timestamp: row.timestamp.toISOString(),
  };
}
