import { CommentDto, PostDto } from '@castline/shared';
import type { TestApp } from '../../../test/test-app.js';
import { post, type Member } from '../../../test/factories.js';
import { forumRateKey } from './forum.service.js';

/** The Markdown of a typical report. */
export const REPORT_MARKDOWN =
  '## Water was **stained**\n\n- 1/16 oz jigs\n- minnows under a float\n\nSee [the map](https://example.com/map).';

/** A complete, valid create-post body. */
export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Spring crappie on the Arkansas',
    category: 'Fishing Reports',
    content: REPORT_MARKDOWN,
    images: [],
    ...overrides,
  };
}

/** Creates a post through the API as `member` (their posting limit is reset first). */
export async function writePost(
  t: TestApp,
  member: Member,
  overrides: Record<string, unknown> = {},
): Promise<PostDto> {
  await t.rateLimiter.reset(forumRateKey('post', member.id));
  const response = await post(t.app, '/api/forum/posts', postBody(overrides), member);
  if (response.statusCode !== 201) throw new Error(`create post: ${response.statusCode} ${response.body}`);
  return PostDto.parse(response.json());
}

/** Comments through the API as `member` (their commenting limit is reset first). */
export async function writeComment(
  t: TestApp,
  member: Member,
  postId: string,
  content: string,
  extra: { reply_to_id?: string } = {},
): Promise<CommentDto> {
  await t.rateLimiter.reset(forumRateKey('comment', member.id));
  const response = await post(t.app, `/api/forum/posts/${postId}/comments`, { content, ...extra }, member);
  if (response.statusCode !== 201) throw new Error(`comment: ${response.statusCode} ${response.body}`);
  return CommentDto.parse(response.json());
}
