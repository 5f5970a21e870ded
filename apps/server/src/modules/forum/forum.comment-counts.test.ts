import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ModerationRuleSavedDto,
  PostDto,
  PostListDto,
  PublicProfileDto,
  TopContributorsDto,
  TrendingPostsDto,
} from '@castline/shared';
import { posts, profiles } from '../../db/schema/index.js';
import {
  buildComment,
  buildPost,
  buildReport,
  buildUser,
  del,
  get,
  guest,
  post,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';
import { writeComment } from './forum.test-helpers.js';

const t = useTestApp();
const db = () => t.database.db;

/** The count of a post on every page a guest reads it from, and the comments the post page shows. */
async function countsSeen(postId: string) {
  const detail = PostDto.parse((await get(t.app, `/api/forum/posts/${postId}`, guest())).json());
  const list = PostListDto.parse((await get(t.app, '/api/forum/posts?pageSize=50', guest())).json());
  const trending = TrendingPostsDto.parse((await get(t.app, '/api/forum/trending', guest())).json());
  return {
    detail: detail.comments_count,
    shown: detail.comments.length,
    list: list.items.find((item) => item.id === postId)?.comments_count,
    trending: trending.items.find((item) => item.id === postId)?.comments_count,
  };
}

function counted(n: number) {
  return { detail: n, shown: n, list: n, trending: n };
}

async function storedCount(postId: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ n: posts.comments_count })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.n;
}

async function profileComments(viewer: Member, memberId: string): Promise<number> {
  const response = await get(t.app, `/api/profiles/${memberId}`, viewer);
  return PublicProfileDto.parse(response.json()).comments_count;
}

async function reportAndReview(
  reporter: Member,
  staff: Member,
  commentId: string,
  action: 'hide' | 'flag' | 'delete',
): Promise<void> {
  const item = await buildReport(db(), reporter.id, 'forum_comment', commentId);
  const reviewed = await post(t.app, `/api/admin/moderation/queue/${item.id}/review`, { action }, staff);
  if (reviewed.statusCode !== 200) throw new Error(`review: ${reviewed.statusCode} ${reviewed.body}`);
}

describe('comment counts show only what readers can see', () => {
  it('a hidden, flagged, deleted or banned member’s comment leaves the post’s and the member’s counts', async () => {
    const author = await buildUser(db());
    const [ann, ben, cal] = [await buildUser(db()), await buildUser(db()), await buildUser(db())];
    const reporter = await signedInMember(t.app, t.database.db);
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const written = await buildPost(db(), author.id, { title: 'Counting what readers see' });
    const byAnn = await buildComment(db(), written.id, ann.id, { content: 'Jig heads at dawn' });
    const byBen = await buildComment(db(), written.id, ben.id, { content: 'Soft plastics after noon' });
    const byCal = await buildComment(db(), written.id, cal.id, { content: 'Crankbaits along the riprap' });
    await buildComment(db(), written.id, cal.id, { content: 'And a spinnerbait in the wind' });
    expect(await countsSeen(written.id)).toEqual(counted(4));

    // Hidden by a review: gone from every count, the commenter's too.
    await reportAndReview(reporter, admin, byAnn.id, 'hide');
    expect(await countsSeen(written.id)).toEqual(counted(3));
    expect(await profileComments(reporter, ann.id)).toBe(0);

    // Flagged content is not shown either; flagging a hidden comment changes nothing more.
    await reportAndReview(reporter, admin, byBen.id, 'flag');
    expect(await countsSeen(written.id)).toEqual(counted(2));
    expect(await profileComments(reporter, ben.id)).toBe(0);

    // Deleting a comment readers could not see takes nothing more away.
    expect((await del(t.app, `/api/forum/comments/${byAnn.id}`, admin)).statusCode).toBe(200);
    expect(await countsSeen(written.id)).toEqual(counted(2));
    expect(await profileComments(reporter, ann.id)).toBe(0);

    // A ban hides the member's comments, and lifting it brings them back into the counts.
    expect((await post(t.app, `/api/admin/users/${cal.id}/ban`, { reason: 'Spam' }, admin)).statusCode).toBe(
      200,
    );
    expect(await countsSeen(written.id)).toEqual(counted(0));
    expect(await profileComments(reporter, cal.id)).toBe(0);
    expect((await post(t.app, `/api/admin/users/${cal.id}/unban`, {}, admin)).statusCode).toBe(200);
    expect(await countsSeen(written.id)).toEqual(counted(2));
    expect(await profileComments(reporter, cal.id)).toBe(2);

    // Deleting a visible comment through moderation takes it away once.
    await reportAndReview(reporter, admin, byCal.id, 'delete');
    expect(await countsSeen(written.id)).toEqual(counted(1));
    expect(await profileComments(reporter, cal.id)).toBe(1);
    expect(await storedCount(written.id)).toBe(1);
  });

  it('a comment a rule hides as it is written is never counted', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const author = await signedInMember(t.app, t.database.db);
    const commenter = await signedInMember(t.app, t.database.db);
    const rule = await post(
      t.app,
      '/api/admin/moderation/rules',
      {
        name: 'Knockoffs',
        kind: 'word',
        pattern: 'knockoff',
        action: 'hide',
        applies_to: ['forum_comment'],
      },
      admin,
    );
    expect(ModerationRuleSavedDto.safeParse(rule.json()).success).toBe(true);
    const written = await buildPost(db(), author.id, { title: 'Rules and counts' });
    await writeComment(t, commenter, written.id, 'Cheap knockoff reels here');
    await writeComment(t, commenter, written.id, 'A fair question about drag');
    expect(await countsSeen(written.id)).toEqual(counted(1));
    expect(await profileComments(author, commenter.id)).toBe(1);
    const contributors = TopContributorsDto.parse(
      (await get(t.app, '/api/forum/top-contributors', guest())).json(),
    );
    const listed = contributors.items.find((item) => item.id === commenter.id);
    if (listed) expect(listed.comments_count).toBe(1);
  });

  it('deleting a post takes back only the visible comments from the commenters’ counts', async () => {
    const author = await signedInMember(t.app, t.database.db);
    const commenter = await buildUser(db());
    const reporter = await signedInMember(t.app, t.database.db);
    const kept = await buildPost(db(), author.id, { title: 'A post that stays' });
    await buildComment(db(), kept.id, commenter.id, { content: 'This one stays visible' });
    const doomed = await buildPost(db(), author.id, { title: 'A post that goes' });
    await buildComment(db(), doomed.id, commenter.id, { content: 'This one is hidden', status: 'hidden' });
    await buildComment(db(), doomed.id, commenter.id, { content: 'This one is visible until the post goes' });
    expect(await profileComments(reporter, commenter.id)).toBe(2);

    expect((await del(t.app, `/api/forum/posts/${doomed.id}`, author)).statusCode).toBe(204);
    expect(await profileComments(reporter, commenter.id)).toBe(1);
    const [stored] = await t.database.db
      .select({ n: profiles.comments_count })
      .from(profiles)
      .where(eq(profiles.id, commenter.id));
    expect(stored?.n).toBe(1);
  });
});
