import {
  TAG_GROUP_LABELS,
  type ListingDto,
  type PostSummaryDto,
  type TagDefinition,
  type TagPageDto,
  type TagSummaryDto,
} from '@castline/shared';
import type { TagCounts } from './tags.repository.js';

export function presentTagSummary(tag: TagDefinition, counts: TagCounts | undefined): TagSummaryDto {
  return {
    slug: tag.slug,
    label: tag.label,
    group: tag.group,
    group_label: TAG_GROUP_LABELS[tag.group],
    topics_count: counts?.topics ?? 0,
    listings_count: counts?.listings ?? 0,
  };
}

export function presentTagPage(
  tag: TagDefinition,
  counts: TagCounts,
  topics: PostSummaryDto[],
  listings: ListingDto[],
): TagPageDto {
  return { ...presentTagSummary(tag, counts), topics, listings };
}
