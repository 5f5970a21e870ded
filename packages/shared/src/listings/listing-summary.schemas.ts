import { z } from 'zod';

/** A listing as a card inside a conversation, an offer or an alert match. */
export const ListingSummaryDto = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  image: z.string().nullable(),
  seller_id: z.string(),
  sold: z.boolean(),
  /** False once the listing is deleted or hidden from the marketplace. */
  available: z.boolean(),
});
export type ListingSummaryDto = z.infer<typeof ListingSummaryDto>;
