import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  GEAR_TYPES,
  REEL_TYPES,
  ROD_MATERIALS,
  ROD_POWER_RATINGS,
} from '../listings/reference.js';
import { LISTING_PRICE_MAX } from '../listings/listing-constants.js';
import { HANDOVER_FILTERS } from '../listings/listing-terms.js';
import { LISTING_SEARCH_LIMITS as SEARCH } from '../listings/search-criteria.js';
import { moneyAmount } from '../common/money.js';
import { ListingSummaryDto } from '../listings/listing-summary.schemas.js';
import { ALERT_LIMITS, ALERT_MESSAGES } from './alert-constants.js';
import { TAG_FILTER_MAX, TAG_SLUGS } from '../tags/tag-constants.js';

/** A price bound of an alert: a JSON number from 0 to $1,000,000 in whole cents. */
const price = moneyAmount({ min: 0, max: LISTING_PRICE_MAX, invalid: ALERT_MESSAGES.filtersInvalid });

/**
 * A saved search: every marketplace filter, matched on each new listing (only "sold", which no new
 * listing is, stays out). Coordinates and radius go together; `location` is only the label shown
 * with them.
 */
export const AlertFilters = z
  .object({
    q: z.string().trim().max(SEARCH.qMax).optional(),
    category: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length).optional(),
    condition: z.array(z.enum(CONDITIONS)).max(CONDITIONS.length).optional(),
    gear_types: z.array(z.enum(GEAR_TYPES)).max(GEAR_TYPES.length).optional(),
    price_min: price.optional(),
    price_max: price.optional(),
    brand: z.string().trim().max(SEARCH.brandMax).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    radius: z.number().positive().max(SEARCH.radiusMilesMax).optional(),
    location: z.string().trim().max(SEARCH.placeLabelMax).optional(),
    /** Listings that can be picked up, or that ship. */
    handover: z.enum(HANDOVER_FILTERS).optional(),
    free_shipping: z.boolean().optional(),
    /** Rod and reel details, as the marketplace filters them. */
    rod_power: z.array(z.enum(ROD_POWER_RATINGS)).max(ROD_POWER_RATINGS.length).optional(),
    rod_composition: z.array(z.enum(ROD_MATERIALS)).max(ROD_MATERIALS.length).optional(),
    reel_type: z.array(z.enum(REEL_TYPES)).max(REEL_TYPES.length).optional(),
    /** Rod length bounds, in inches. */
    rod_length_min: z.number().int().min(0).max(SEARCH.rodLengthInchesMax).optional(),
    rod_length_max: z.number().int().min(0).max(SEARCH.rodLengthInchesMax).optional(),
    /** Only featured listings. */
    featured: z.boolean().optional(),
    /** Only listings tagged with all of these species and techniques. */
    tags: z.array(z.enum(TAG_SLUGS)).max(TAG_FILTER_MAX).optional(),
  })
  .strict()
  .refine((f) => (f.lat === undefined) === (f.lng === undefined), {
    message: ALERT_MESSAGES.filtersInvalid,
    path: ['lat'],
  })
  .refine((f) => f.radius === undefined || f.lat !== undefined, {
    message: ALERT_MESSAGES.filtersInvalid,
    path: ['radius'],
  })
  .refine((f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max, {
    message: ALERT_MESSAGES.filtersInvalid,
    path: ['price_max'],
  })
  .refine(
    (f) =>
      f.rod_length_min === undefined ||
      f.rod_length_max === undefined ||
      f.rod_length_min <= f.rod_length_max,
    { message: ALERT_MESSAGES.filtersInvalid, path: ['rod_length_max'] },
  );
export type AlertFilters = z.infer<typeof AlertFilters>;

const name = z
  .string({ error: ALERT_MESSAGES.nameRequired })
  .trim()
  .min(1, ALERT_MESSAGES.nameRequired)
  .max(ALERT_LIMITS.nameMax, ALERT_MESSAGES.nameTooLong);

/** POST /api/alerts. */
export const CreateAlertBody = z.object({
  name,
  filters: AlertFilters,
  is_active: z.boolean().default(true),
});
export type CreateAlertBody = z.input<typeof CreateAlertBody>;

/** PATCH /api/alerts/:id: rename, pause or resume, change filters. */
export const UpdateAlertBody = z.object({
  name: name.optional(),
  filters: AlertFilters.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateAlertBody = z.input<typeof UpdateAlertBody>;

export const AlertIdParams = z.object({ id: z.uuid({ error: ALERT_MESSAGES.notFound }) });
export type AlertIdParams = z.infer<typeof AlertIdParams>;

export const ListingAlertDto = z.object({
  id: z.string(),
  name: z.string(),
  filters: AlertFilters,
  is_active: z.boolean(),
  match_count: z.number().int(),
  unread_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingAlertDto = z.infer<typeof ListingAlertDto>;

export const ListingAlertListDto = z.object({ items: z.array(ListingAlertDto) });
export type ListingAlertListDto = z.infer<typeof ListingAlertListDto>;

/** An alert_notifications row with its alert and listing. */
export const AlertMatchDto = z.object({
  id: z.string(),
  alert_id: z.string(),
  alert_name: z.string(),
  listing: ListingSummaryDto,
  is_read: z.boolean(),
  created_at: z.string(),
});
export type AlertMatchDto = z.infer<typeof AlertMatchDto>;

/** GET /api/alerts/matches?alert_id=: newest first. */
export const ListAlertMatchesQuery = z.object({
  alert_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ALERT_LIMITS.matchesPage).default(20),
});
export type ListAlertMatchesQuery = z.input<typeof ListAlertMatchesQuery>;

export const AlertMatchListDto = z.object({
  items: z.array(AlertMatchDto),
  total: z.number().int(),
  unread_count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AlertMatchListDto = z.infer<typeof AlertMatchListDto>;

export const AlertMatchIdParams = z.object({ id: z.uuid({ error: ALERT_MESSAGES.notFound }) });
export type AlertMatchIdParams = z.infer<typeof AlertMatchIdParams>;
