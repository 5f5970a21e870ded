import { z } from 'zod';

/** A member as other members see them in lists, threads and offers. */
export const MemberSummaryDto = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type MemberSummaryDto = z.infer<typeof MemberSummaryDto>;
