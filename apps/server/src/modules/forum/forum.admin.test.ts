import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdminForumCommentListDto, AdminForumPostListDto, FORUM_MESSAGES as M } from '@castline/shared';
import { auditLogs } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildComment,
  buildPost,
  buildUser,
  del,
  errorOf,
  get,
  signedInMember,
  type Caller,
} from '../../../test/factories.js';

const t = useTestApp();
const db = () => t.database.db;

function patch(url: string, payload: unknown, caller: Caller) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function auditOf(entityId: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entity_id, entityId))
    .orderBy(desc(auditLogs.created_at));
}

describe('forum administration', () => {
  it('lists every post whatever its status, filtered by status and search, newest first', async () => {
    const author = await buildUser(db());
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const visible = await buildPost(db(), author.id, { title: 'Walleye at dusk on the river' });
    const hidden = await buildPost(db(), author.id, { title: 'Cheap reels click here', status: 'hidden' });

    const all = await get(t.app, '/api/admin/forum/posts?pageSize=50', moderator);
    expect(all.statusCode).toBe(200);
    const ids = AdminForumPostListDto.parse(all.json()).items.map((item) => item.id);
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(visible.id));
    expect(ids).toContain(visible.id);

    const onlyHidden = AdminForumPostListDto.parse(
      (await get(t.app, '/api/admin/forum/posts?status=hidden&pageSize=50', moderator)).json(),
    );
    expect(onlyHidden.items.map((item) => item.id)).toContain(hidden.id);
    expect(onlyHidden.items.every((item) => item.status === 'hidden')).toBe(true);

    const searched = AdminForumPostListDto.parse(
      (await get(t.app, '/api/admin/forum/posts?q=walleye', moderator)).json(),
    );
    expect(searched.items.map((item) => item.id)).toEqual([visible.id]);
    expect(searched).toMatchObject({ total: 1, page: 1, pageSize: 10 });

    // The public list still leaves the hidden post out.
    const publicList = await get(t.app, '/api/forum/posts?q=reels', { cookie: undefined });
    expect(publicList.json().items.map((item: { id: string }) => item.id)).not.toContain(hidden.id);
  });

  it('lists comments on any post, newest first, by post and by text', async () => {
    const author = await buildUser(db());
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const created = await buildPost(db(), author.id);
    await buildComment(db(), created.id, author.id, { content: 'First light was best' });
    const second = await buildComment(db(), created.id, author.id, {
      content: 'Try 100% fluorocarbon_leader',
    });

    const byPost = AdminForumCommentListDto.parse(
      (await get(t.app, `/api/admin/forum/comments?post_id=${created.id}`, admin)).json(),
    );
    expect(byPost.items.map((item) => item.content)).toEqual([
      'Try 100% fluorocarbon_leader',
      'First light was best',
    ]);
    expect(byPost.items[0]).toMatchObject({ post_title: created.title, status: 'published' });

    // LIKE wildcards in the search are matched literally.
    const literal = AdminForumCommentListDto.parse(
      (await get(t.app, `/api/admin/forum/comments?q=${encodeURIComponent('100%')}`, admin)).json(),
    );
    expect(literal.items.map((item) => item.id)).toEqual([second.id]);
    const wildcard = AdminForumCommentListDto.parse(
      (await get(t.app, `/api/admin/forum/comments?post_id=${created.id}&q=_`, admin)).json(),
    );
    expect(wildcard.items.map((item) => item.id)).toEqual([second.id]);
  });

  it('answers 400 to a bad query once the caller may look, 403 before that', async () => {
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const support = await signedInMember(t.app, t.database.db, 'support');
    for (const url of [
      '/api/admin/forum/posts?status=deleted',
      '/api/admin/forum/posts?pageSize=500',
      '/api/admin/forum/comments?post_id=nope',
      '/api/admin/forum/comments?page=0',
    ]) {
      expect((await get(t.app, url, moderator)).statusCode, url).toBe(400);
      expect((await get(t.app, url, support)).statusCode, url).toBe(403);
    }
  });

  it("audits staff edits, hides and deletes of others' content, not members managing their own", async () => {
    const author = await signedInMember(t.app, t.database.db);
    const moderator = await signedInMember(t.app, t.database.db, 'moderator');
    const created = await buildPost(db(), author.id);

    expect((await patch(`/api/forum/posts/${created.id}`, { title: 'My own fix' }, author)).statusCode).toBe(
      200,
    );
    expect(await auditOf(created.id)).toEqual([]);

    expect(
      (await patch(`/api/forum/posts/${created.id}`, { title: 'Tidied by staff' }, moderator)).statusCode,
    ).toBe(200);
    expect((await patch(`/api/forum/posts/${created.id}`, { status: 'hidden' }, moderator)).statusCode).toBe(
      200,
    );
    const postAudit = await auditOf(created.id);
    expect(postAudit.map((row) => [row.action, row.severity, row.user_id])).toEqual(
      expect.arrayContaining([
        ['forum.post.edit', 'low', moderator.id],
        ['forum.post.hidden', 'medium', moderator.id],
      ]),
    );
    const edit = postAudit.find((row) => row.action === 'forum.post.edit');
    expect(edit?.old_data).toEqual({ title: 'My own fix' });
    expect(edit?.new_data).toEqual({ title: 'Tidied by staff' });

    const comment = await buildComment(db(), created.id, author.id, {
      content: 'A comment staff will remove',
    });
    const removed = await del(t.app, `/api/forum/comments/${comment.id}`, moderator);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: M.commentDeleted });
    const [commentAudit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_id, comment.id), eq(auditLogs.action, 'forum.comment.delete')));
    expect(commentAudit).toMatchObject({
      severity: 'medium',
      user_id: moderator.id,
      entity_type: 'forum_comment',
    });
    expect(commentAudit?.old_data).toMatchObject({
      content: 'A comment staff will remove',
      author_id: author.id,
    });

    expect((await del(t.app, `/api/forum/posts/${created.id}`, moderator)).statusCode).toBe(204);
    const deleted = (await auditOf(created.id)).find((row) => row.action === 'forum.post.delete');
    expect(deleted).toMatchObject({ severity: 'high', user_id: moderator.id });
  });

  it('refuses a staff edit by a role without forum.manage', async () => {
    const author = await buildUser(db());
    const support = await signedInMember(t.app, t.database.db, 'support');
    const created = await buildPost(db(), author.id);
    const refused = await patch(`/api/forum/posts/${created.id}`, { title: 'Support edit' }, support);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(M.notYourPost);
    expect(await auditOf(created.id)).toEqual([]);
  });
});
