import type { CreateReportBody, MessageResponseDto } from '@castline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/reports: one open report per member and item; answers the text to show. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) => api.post<MessageResponseDto>('/api/reports', body),
  });
}
