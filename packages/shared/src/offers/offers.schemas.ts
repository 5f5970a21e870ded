import { z } from 'zod';
import { LISTING_PRICE_MAX } from '../listings/listing-constants.js';
import { moneyAmount } from '../common/money.js';
import { MONEY_STEP } from '../common/money-constants.js';
import { ListingSummaryDto } from '../listings/listing-summary.schemas.js';
import { MemberSummaryDto } from '../profiles/members.schemas.js';
import { OFFER_ACTIONS, OFFER_MESSAGES, OFFER_NOTE_MAX, OFFER_STATUSES } from './offer-constants.js';

export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

/** A JSON number above 0 and under $1,000,000, in whole cents (a fraction of a cent is refused). */
const amount = moneyAmount({
  min: 0,
  exclusiveMin: true,
  max: LISTING_PRICE_MAX - MONEY_STEP,
  invalid: OFFER_MESSAGES.amountInvalid,
  tooHigh: OFFER_MESSAGES.amountTooHigh,
});

const note = z
  .string({ error: OFFER_MESSAGES.noteTooLong })
  .trim()
  .max(OFFER_NOTE_MAX, OFFER_MESSAGES.noteTooLong)
  .optional()
  .transform((value) => (value ? value : null));

/**
 * POST /api/listings/:id/offers. On a listing offering both shipping and pickup, `handover` says
 * which the buyer wants (shipping when left out); the accepted offer's order uses it.
 */
export const CreateOfferBody = z.object({
  amount,
  note,
  handover: z.enum(['shipping', 'pickup'], { error: 'Choose shipping or pickup' }).optional(),
});
export type CreateOfferBody = z.input<typeof CreateOfferBody>;

/** POST /api/offers/:id/counter (the seller's counter). */
export const CounterOfferBody = z.object({ amount, note });
export type CounterOfferBody = z.input<typeof CounterOfferBody>;

export const OfferIdParams = z.object({ id: z.uuid({ error: OFFER_MESSAGES.notFound }) });
export type OfferIdParams = z.infer<typeof OfferIdParams>;

export const OfferAction = z.enum(OFFER_ACTIONS);
export type OfferAction = z.infer<typeof OfferAction>;

export const OfferDto = z.object({
  id: z.string(),
  product_id: z.string(),
  listing: ListingSummaryDto,
  buyer: MemberSummaryDto,
  seller: MemberSummaryDto,
  amount: z.number(),
  note: z.string().nullable(),
  counter_amount: z.number().nullable(),
  counter_note: z.string().nullable(),
  status: OfferStatus,
  expires_at: z.string(),
  responded_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The order an accepted offer became (null before, or when that order was cancelled). */
  order_id: z.string().nullable(),
  /** The actions open to the caller (offerActionsFor). */
  actions: z.array(OfferAction),
});
export type OfferDto = z.infer<typeof OfferDto>;

/** GET /api/me/offers?role=received|made (the profile's offers-received and offers-made tabs). */
export const ListOffersQuery = z.object({
  role: z.enum(['received', 'made']),
  status: z.enum(['open', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type ListOffersQuery = z.input<typeof ListOffersQuery>;

export const OfferListDto = z.object({
  items: z.array(OfferDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OfferListDto = z.infer<typeof OfferListDto>;

/** GET /api/listings/:id/offers/mine: the caller's open offer on a listing, if any. */
export const MyListingOfferDto = z.object({ offer: OfferDto.nullable() });
export type MyListingOfferDto = z.infer<typeof MyListingOfferDto>;

/** GET /api/me/offers/with/:userId: the offers between the caller and a member, either way round. */
export const OffersWithMemberDto = z.object({ items: z.array(OfferDto) });
export type OffersWithMemberDto = z.infer<typeof OffersWithMemberDto>;

export const OfferMemberParams = z.object({ userId: z.uuid({ error: 'User not found' }) });
export type OfferMemberParams = z.infer<typeof OfferMemberParams>;
