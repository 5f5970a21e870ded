import type {
  MonitoringErrorGroupPageDto,
  MonitoringErrorOccurrencesDto,
  MonitoringEventPageDto,
  MonitoringEventType,
} from '@castline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const monitoringKeys = {
  all: ['admin', 'monitoring'] as const,
  errors: (page: number) => ['admin', 'monitoring', 'errors', page] as const,
  occurrences: (fingerprint: string) => ['admin', 'monitoring', 'occurrences', fingerprint] as const,
  events: (type: MonitoringEventType | null, page: number) =>
    ['admin', 'monitoring', 'events', type ?? 'all', page] as const,
};

/** GET /api/admin/monitoring/errors: error groups, most recently seen first, 10 a page. */
export function useErrorGroups(page: number) {
  return useQuery({
    queryKey: monitoringKeys.errors(page),
    queryFn: ({ signal }) =>
      api.get<MonitoringErrorGroupPageDto>(`/api/admin/monitoring/errors?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/monitoring/errors/:fingerprint: the latest occurrences of one group. */
export function useErrorOccurrences(fingerprint: string | null) {
  return useQuery({
    queryKey: monitoringKeys.occurrences(fingerprint ?? ''),
    queryFn: ({ signal }) =>
      api.get<MonitoringErrorOccurrencesDto>(
        `/api/admin/monitoring/errors/${encodeURIComponent(fingerprint ?? '')}`,
        signal,
      ),
    enabled: Boolean(fingerprint),
  });
}

/** GET /api/admin/monitoring/events: events, logged messages and timings, newest first. */
export function useMonitoringEvents(type: MonitoringEventType | null, page: number) {
  return useQuery({
    queryKey: monitoringKeys.events(type, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page) });
      if (type) query.set('type', type);
      return api.get<MonitoringEventPageDto>(`/api/admin/monitoring/events?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}
