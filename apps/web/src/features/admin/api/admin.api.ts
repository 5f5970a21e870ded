import type {
  AdminMessageDto,
  AdminRolesDto,
  AdminSessionListDto,
  AdminSettingsDto,
  AdminSettingsDto as AdminSettings,
  AnalyticsDto,
  AnalyticsQuery,
  AuditLogListDto,
  AuditLogsQuery,
  UpdateAdminSettingsBody,
} from '@castline/shared';
import { ADMIN_PAGE_SIZE } from '@castline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type AnalyticsFilters = Pick<AnalyticsQuery, 'time_range'> & { month: string | null };
export type AuditLogFilters = Pick<AuditLogsQuery, 'page'> & {
  severity: AuditLogsQuery['severity'] | null;
  action: string;
  actor: string;
};

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  analytics: (filters: AnalyticsFilters) => ['admin', 'analytics', filters] as const,
  roles: ['admin', 'roles'] as const,
  sessions: () => ['admin', 'sessions'] as const,
  sessionsPage: (page: number) => ['admin', 'sessions', page] as const,
  settings: ['admin', 'settings'] as const,
  auditLogs: (filters: AuditLogFilters) => ['admin', 'audit-logs', filters] as const,
};

/** GET /api/admin/analytics: a month's days when `month` is set, else the time range. */
export function useAnalytics(filters: AnalyticsFilters, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.analytics(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ time_range: filters.time_range });
      if (filters.month) query.set('month', filters.month);
      return api.get<AnalyticsDto>(`/api/admin/analytics?${query.toString()}`, signal);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/roles: the staff with their roles and permissions. */
export function useAdminRoles(enabled = true) {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: ({ signal }) => api.get<AdminRolesDto>('/api/admin/roles', signal),
    enabled,
  });
}

/** GET /api/admin/sessions, 10 per page, latest activity first. */
export function useAdminSessions(page: number) {
  return useQuery({
    queryKey: adminKeys.sessionsPage(page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
      return api.get<AdminSessionListDto>(`/api/admin/sessions?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/admin/sessions/:id; every sessions page refreshes afterwards. */
export function useTerminateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete<AdminMessageDto>(`/api/admin/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions() }),
  });
}

/** GET /api/admin/settings: the single settings row. */
export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api.get<AdminSettingsDto>('/api/admin/settings', signal),
  });
}

/** PUT /api/admin/settings; the answer is the saved row. */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminSettingsBody) => api.put<AdminSettingsDto>('/api/admin/settings', body),
    onSuccess: (saved: AdminSettings) => queryClient.setQueryData(adminKeys.settings, saved),
  });
}

/** GET /api/admin/audit-logs, 10 per page, newest first. */
export function useAuditLogs(filters: AuditLogFilters) {
  return useQuery({
    queryKey: adminKeys.auditLogs(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), pageSize: String(ADMIN_PAGE_SIZE) });
      if (filters.severity) query.set('severity', filters.severity);
      if (filters.action) query.set('action', filters.action);
      if (filters.actor) query.set('actor_id', filters.actor);
      return api.get<AuditLogListDto>(`/api/admin/audit-logs?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** A page number from the address; anything unreadable is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
