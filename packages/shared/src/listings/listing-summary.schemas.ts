import { z } from 'zod';
import { HANDOVER_METHODS } from './listing-terms.js';

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
  /** Its terms a card shows as a tag ("Pickup only", "Free shipping"): termsTag. */
  handover: z.enum(HANDOVER_METHODS),
  shipping_price: z.number().nullable(),
});
export type ListingSummaryDto = z.infer<typeof ListingSummaryDto>;
