import { z } from 'zod';
import { TagsField } from '../tags/tag-fields.schemas.js';
import { FORUM_CATEGORIES, FORUM_IMAGE_URL, FORUM_LIMITS, FORUM_MESSAGES } from './forum-constants.js';

/*
 * Drafts: what a member is writing in the forum and has not published, kept on the server so it
 * survives a reload and follows them to another device. One draft of a new topic, and one reply
 * draft per topic. A draft may be unfinished (no title yet, no category), but never longer than
 * what could be published, and its images are Castline's own uploads.
 */

const DraftText = (max: number, tooLong: string) => z.string().max(max, tooLong).default('');

/** PUT /api/forum/drafts/new-topic: the new topic being written. Empty fields are allowed. */
export const SaveTopicDraftBody = z
  .object({
    title: DraftText(FORUM_LIMITS.titleMax, FORUM_MESSAGES.titleTooLong),
    category: z
      .union([z.literal(''), z.enum(FORUM_CATEGORIES)], { error: FORUM_MESSAGES.categoryInvalid })
      .default(''),
    content: DraftText(FORUM_LIMITS.contentMax, FORUM_MESSAGES.contentTooLong),
    images: z
      .array(z.string().regex(FORUM_IMAGE_URL, FORUM_MESSAGES.imageUrlInvalid), {
        error: FORUM_MESSAGES.imageUrlInvalid,
      })
      .max(FORUM_LIMITS.imagesMax, FORUM_MESSAGES.tooManyImages)
      .default([])
      .transform((images) => [...new Set(images)]),
    tags: TagsField.default([]),
  })
  .strict();
export type SaveTopicDraftBody = z.input<typeof SaveTopicDraftBody>;
export type TopicDraftFields = z.output<typeof SaveTopicDraftBody>;

/** PUT /api/forum/posts/:id/draft: the reply being written in a topic (and the comment it answers). */
export const SaveReplyDraftBody = z
  .object({
    content: DraftText(FORUM_LIMITS.commentMax, FORUM_MESSAGES.commentTooLong),
    reply_to_id: z.uuid({ error: FORUM_MESSAGES.draftReplyGone }).nullable().default(null),
  })
  .strict();
export type SaveReplyDraftBody = z.input<typeof SaveReplyDraftBody>;
export type ReplyDraftFields = z.output<typeof SaveReplyDraftBody>;

/** The caller's draft of a new topic; `draft` is null when there is none. */
export const TopicDraftDto = z.object({
  draft: z
    .object({
      title: z.string(),
      category: z.string(),
      content: z.string(),
      images: z.array(z.string()),
      tags: z.array(z.string()),
      updated_at: z.string(),
    })
    .nullable(),
});
export type TopicDraftDto = z.infer<typeof TopicDraftDto>;

/** The caller's reply draft in one topic; `draft` is null when there is none. */
export const ReplyDraftDto = z.object({
  draft: z
    .object({
      content: z.string(),
      reply_to_id: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type ReplyDraftDto = z.infer<typeof ReplyDraftDto>;
