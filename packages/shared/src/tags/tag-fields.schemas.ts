import { z } from 'zod';
import {
  isTagSlug,
  normalizeTags,
  TAG_FILTER_MAX,
  TAG_MESSAGES,
  TAG_SLUGS,
  TAGS_PER_ITEM_MAX,
  type TagSlug,
} from './tag-constants.js';
import { tagsIssue } from './tag-field-constants.js';

/*
 * The `tags` fields the forum's and the marketplace's own schemas take (kept apart from the tag
 * page's schemas, which read theirs). Every one is optional: clients that send no tags keep working.
 */

/** A topic's or listing's tags: known slugs, at most TAGS_PER_ITEM_MAX, kept once each in the reference order. */
export const TagsField = z
  .array(z.string({ error: TAG_MESSAGES.tagsInvalid }), { error: TAG_MESSAGES.tagsInvalid })
  .superRefine((values, ctx) => {
    const issue = tagsIssue(values);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  })
  .transform((values): TagSlug[] => normalizeTags(values))
  .meta({
    description: `Species and technique tags (slugs of GET /api/tags), at most ${TAGS_PER_ITEM_MAX}; repeats are kept once.`,
    example: ['trout', 'fly'],
  });

/** One tag in a query (`?tag=trout`). */
export const TagQueryParam = z.enum(TAG_SLUGS, { error: TAG_MESSAGES.tagsInvalid });

/**
 * Tags in a query, comma-separated or repeated (`?tags=bass,fly`): listings tagged with ALL of
 * them, as marketplace facets narrow (Reverb, eBay). Unknown slugs are refused.
 */
export const TagsQueryParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw) =>
    (Array.isArray(raw) ? raw : raw ? [raw] : [])
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
  )
  .superRefine((values, ctx) => {
    const unknown = values.find((value) => !isTagSlug(value));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.unknownTag(unknown) });
    else if (new Set(values).size > TAG_FILTER_MAX)
      ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooManyTags });
  })
  .transform((values): TagSlug[] => normalizeTags(values))
  .meta({
    description: 'Only listings tagged with all of these tags (comma-separated slugs).',
    example: 'bass,fly',
  });
