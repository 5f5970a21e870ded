import type {
  AlertMatchDto,
  AlertMatchListDto,
  AlertMatchListDto as AlertMatchList,
  CreateAlertBody,
  ListingAlertDto,
  ListingAlertDto as ListingAlert,
  ListingAlertListDto,
  ListingAlertListDto as ListingAlertList,
  UpdateAlertBody,
} from '@castline/shared';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, unreadKey } from '../../../lib/notification-keys';
import { ALERT_MATCHES_PAGE_SIZE, alertKeys } from './alert-keys';

function alertPath(id: string): string {
  return `/api/alerts/${encodeURIComponent(id)}`;
}

/** GET /api/alerts: the member's saved searches with their match and unread counts. */
export function useAlerts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: alertKeys.list(),
    queryFn: ({ signal }) => api.get<ListingAlertListDto>('/api/alerts', signal),
    enabled,
  });
}

/** GET /api/alerts/matches: newest first, for one alert or all of them. */
export function useAlertMatches(alertId: string | null, page: number) {
  return useQuery({
    queryKey: alertKeys.matches(alertId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(ALERT_MATCHES_PAGE_SIZE) });
      if (alertId) query.set('alert_id', alertId);
      return api.get<AlertMatchListDto>(`/api/alerts/matches?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

function storeAlert(queryClient: QueryClient, alert: ListingAlert) {
  queryClient.setQueryData<ListingAlertList>(alertKeys.list(), (list) => {
    if (!list) return list;
    const known = list.items.some((item) => item.id === alert.id);
    return {
      items: known ? list.items.map((item) => (item.id === alert.id ? alert : item)) : [alert, ...list.items],
    };
  });
}

/** POST /api/alerts: saves a search (201). */
export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertBody) => api.post<ListingAlertDto>('/api/alerts', body),
    onSuccess: (alert) => {
      storeAlert(queryClient, alert);
      void queryClient.invalidateQueries({ queryKey: alertKeys.list() });
    },
  });
}

interface AlertSnapshot {
  previous: ListingAlertList | undefined;
}

/** PATCH /api/alerts/:id: rename, pause or resume; shown at once, put back on failure. */
export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation<ListingAlert, Error, { id: string; body: UpdateAlertBody }, AlertSnapshot>({
    mutationFn: ({ id, body }) => api.patch<ListingAlertDto>(alertPath(id), body),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: alertKeys.list(), exact: true });
      const previous = queryClient.getQueryData<ListingAlertList>(alertKeys.list());
      if (previous && body.is_active !== undefined) {
        const is_active = body.is_active;
        queryClient.setQueryData<ListingAlertList>(alertKeys.list(), {
          items: previous.items.map((item) => (item.id === id ? { ...item, is_active } : item)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData(alertKeys.list(), snapshot.previous);
    },
    onSuccess: (alert) => storeAlert(queryClient, alert),
  });
}

/** DELETE /api/alerts/:id (204): the alert and its matches go. */
export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(alertPath(id)),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ListingAlertList>(alertKeys.list(), (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}

interface MatchSnapshot {
  previous: [readonly unknown[], AlertMatchList | undefined][];
}

/**
 * POST /api/alerts/matches/:id/read: shown read at once. The server also marks the match's
 * PRODUCT_ALERT notification, so the alerts' counts, the notifications and the badge refresh.
 */
export function useMarkMatchRead() {
  const queryClient = useQueryClient();
  return useMutation<AlertMatchDto, Error, string, MatchSnapshot>({
    mutationFn: (id) => api.post<AlertMatchDto>(`/api/alerts/matches/${encodeURIComponent(id)}/read`),
    onMutate: async (id) => {
      const filter = { queryKey: [...alertKeys.all, 'matches'] };
      await queryClient.cancelQueries(filter);
      const previous = queryClient.getQueriesData<AlertMatchList>(filter);
      queryClient.setQueriesData<AlertMatchList>(filter, (list) => {
        if (!list) return list;
        const target = list.items.find((item) => item.id === id);
        if (!target || target.is_read) return list;
        return {
          ...list,
          items: list.items.map((item) => (item.id === id ? { ...item, is_read: true } : item)),
          unread_count: Math.max(0, list.unread_count - 1),
        };
      });
      return { previous };
    },
    onError: (_error, _id, snapshot) => {
      for (const [key, data] of snapshot?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: alertKeys.list() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}
