// Plain values only (no zod): the check of a `tags` field, for forms without the schemas.
import { isTagSlug, TAG_MESSAGES, TAGS_PER_ITEM_MAX } from './tag-constants.js';

/** Why a list of tags is refused, or null when every entry is a known slug and they fit. */
export function tagsIssue(values: readonly unknown[]): string | null {
  const unknown = values.find((value) => !isTagSlug(value));
  if (unknown !== undefined)
    return typeof unknown === 'string' ? TAG_MESSAGES.unknownTag(unknown) : TAG_MESSAGES.tagsInvalid;
  if (new Set(values).size > TAGS_PER_ITEM_MAX) return TAG_MESSAGES.tooManyTags;
  return null;
}
