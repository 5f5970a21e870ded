import type {
  CreateModerationRuleBody,
  MessageResponseDto,
  ModerationLogListDto,
  ModerationPriority,
  ModerationQueueDto,
  ModerationRuleListDto,
  ModerationRuleSavedDto,
  PendingListingsDto,
  ReviewQueueItemBody,
  UpdateModerationRuleBody,
} from '@castline/shared';
import { MODERATION_LIMITS } from '@castline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type QueueStatusFilter = 'pending' | 'all';
export type QueuePriorityFilter = 'all' | ModerationPriority;

export interface QueueFilters {
  status: QueueStatusFilter;
  priority: QueuePriorityFilter;
  page: number;
}

/** Query keys of the moderation pages; everything starts with ['admin', 'moderation']. */
export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queues: ['admin', 'moderation', 'queue'] as const,
  queue: (filters: QueueFilters) => ['admin', 'moderation', 'queue', filters] as const,
  listings: ['admin', 'moderation', 'listings'] as const,
  listingPage: (page: number) => ['admin', 'moderation', 'listings', page] as const,
  rules: ['admin', 'moderation', 'rules'] as const,
  logs: ['admin', 'moderation', 'logs'] as const,
  logPage: (page: number) => ['admin', 'moderation', 'logs', page] as const,
};

const pageSize = String(MODERATION_LIMITS.pageSize);
const id = (value: string) => encodeURIComponent(value);

/** GET /api/admin/moderation/queue: one page of reports, filtered by status and priority. */
export function useModerationQueue(filters: QueueFilters) {
  return useQuery({
    queryKey: moderationKeys.queue(filters),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        status: filters.status,
        priority: filters.priority,
        page: String(filters.page),
        pageSize,
      });
      return api.get<ModerationQueueDto>(`/api/admin/moderation/queue?${search.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/moderation/queue/:id/review: approve, hide, delete or flag the reported content. */
export function useReviewQueueItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: ReviewQueueItemBody }) =>
      api.post<MessageResponseDto>(`/api/admin/moderation/queue/${id(itemId)}/review`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.queues }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.logs }),
        queryClient.invalidateQueries({ queryKey: ['forum'] }),
      ]),
  });
}

/** GET /api/admin/moderation/listings: listings waiting for approval, oldest first. */
export function usePendingListings(page: number) {
  return useQuery({
    queryKey: moderationKeys.listingPage(page),
    queryFn: ({ signal }) =>
      api.get<PendingListingsDto>(
        `/api/admin/moderation/listings?${new URLSearchParams({ page: String(page), pageSize }).toString()}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export type ListingDecision =
  { listingId: string; decision: 'approve' } | { listingId: string; decision: 'reject'; reason: string };

/** POST /api/admin/moderation/listings/:id/approve or …/reject with the reason. */
export function useReviewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingDecision) =>
      input.decision === 'approve'
        ? api.post<MessageResponseDto>(`/api/admin/moderation/listings/${id(input.listingId)}/approve`)
        : api.post<MessageResponseDto>(`/api/admin/moderation/listings/${id(input.listingId)}/reject`, {
            reason: input.reason,
          }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.listings }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.logs }),
      ]),
  });
}

/** GET /api/admin/moderation/rules: every rule, newest first. */
export function useModerationRules() {
  return useQuery({
    queryKey: moderationKeys.rules,
    queryFn: ({ signal }) => api.get<ModerationRuleListDto>('/api/admin/moderation/rules', signal),
  });
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateModerationRuleBody) =>
      api.post<ModerationRuleSavedDto>('/api/admin/moderation/rules', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.rules }),
  });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ruleId, body }: { ruleId: string; body: UpdateModerationRuleBody }) =>
      api.patch<ModerationRuleSavedDto>(`/api/admin/moderation/rules/${id(ruleId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.rules }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) =>
      api.delete<MessageResponseDto>(`/api/admin/moderation/rules/${id(ruleId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.rules }),
  });
}

/** GET /api/admin/moderation/logs: automatic and moderator actions, newest first. */
export function useModerationLogs(page: number) {
  return useQuery({
    queryKey: moderationKeys.logPage(page),
    queryFn: ({ signal }) =>
      api.get<ModerationLogListDto>(
        `/api/admin/moderation/logs?${new URLSearchParams({ page: String(page), pageSize }).toString()}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
