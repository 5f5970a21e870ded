import { z } from 'zod';
import { PostSummaryDto } from '../forum/forum.schemas.js';
import { ListingDto } from '../listings/listing.schemas.js';
import { TAG_GROUPS } from './tag-constants.js';

/** A tag as the API names it. */
export const TagDto = z.object({
  slug: z.string(),
  label: z.string(),
  group: z.enum(TAG_GROUPS),
  /** "Species" or "Technique". */
  group_label: z.string(),
});
export type TagDto = z.infer<typeof TagDto>;

/** A tag with how much public talk and gear carry it. */
export const TagSummaryDto = TagDto.extend({
  /** Published topics with the tag. */
  topics_count: z.number().int(),
  /** Listings for sale in the marketplace with the tag. */
  listings_count: z.number().int(),
});
export type TagSummaryDto = z.infer<typeof TagSummaryDto>;

/** GET /api/tags: every tag, species then techniques, with counts. */
export const TagListDto = z.object({ items: z.array(TagSummaryDto) });
export type TagListDto = z.infer<typeof TagListDto>;

/** GET /api/tags/:slug: the tag, its counts, and the newest topics and listings that carry it. */
export const TagPageDto = TagSummaryDto.extend({
  topics: z.array(PostSummaryDto),
  listings: z.array(ListingDto),
});
export type TagPageDto = z.infer<typeof TagPageDto>;

/** GET /api/tags/:slug: any text; a slug Castline has no tag for answers 404. */
export const TagSlugParams = z.object({ slug: z.string().max(100) });
export type TagSlugParams = z.infer<typeof TagSlugParams>;
