import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  hasNestedQuantifier,
  MODERATION_MESSAGES as M,
  ModerationLogListDto,
  ModerationQueueDto,
  ModerationRuleListDto,
  ModerationRuleSavedDto,
} from '@castline/shared';
import {
  auditLogs,
  messages,
  moderationLogs,
  moderationQueue,
  postComments,
  posts,
  products,
} from '../../db/schema/index.js';
import {
  buildPost,
  del,
  errorOf,
  get,
  guest,
  post,
  signedInMember,
  type Member,
} from '../../../test/factories.js';
import { useTestApp } from '../../../test/test-app.js';
import { writeComment, writePost } from '../forum/forum.test-helpers.js';
import { tackleBody } from '../listings/listings.test-helpers.js';
import { compileMatcher } from './rules-engine.js';

const t = useTestApp();

function patch(url: string, payload: unknown, caller: Member) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    remoteAddress: caller.ip,
    headers: { cookie: caller.cookie },
  });
}

async function createRule(admin: Member, body: Record<string, unknown>): Promise<string> {
  const response = await post(t.app, '/api/admin/moderation/rules', body, admin);
  if (response.statusCode !== 201) throw new Error(`rule: ${response.statusCode} ${response.body}`);
  return ModerationRuleSavedDto.parse(response.json()).rule.id;
}

async function logsFor(entityId: string) {
  return t.database.db.select().from(moderationLogs).where(eq(moderationLogs.entity_id, entityId));
}

describe('matching', () => {
  it('matches whole words, phrases and patterns case-insensitively', () => {
    const word = compileMatcher('word', 'scam')!;
    expect(word('What a SCAM!')).toBe(true);
    expect(word('scamper off')).toBe(false);
    const phrase = compileMatcher('phrase', 'wire transfer')!;
    expect(phrase('Pay by Wire Transfer only')).toBe(true);
    expect(phrase('wire and transfer')).toBe(false);
    const pattern = compileMatcher('pattern', '\\b\\d{3}-\\d{4}\\b')!;
    expect(pattern('call 555-1234')).toBe(true);
    expect(pattern('call me')).toBe(false);
  });

  it('recognises nested repetition', () => {
    for (const unsafe of ['(a+)+', '(a*)*', '(\\w+\\s?)*$', '((ab)+c)+', '(a{1,})+', '(?:x+)*y']) {
      expect(hasNestedQuantifier(unsafe), unsafe).toBe(true);
    }
    for (const safe of ['a+b+', '(ab)+', '[a+]+', '\\(a+\\)+', '(a+)?', 'colou?r']) {
      expect(hasNestedQuantifier(safe), safe).toBe(false);
    }
  });
});

describe('moderation rules', () => {
  it('creates, lists, updates and deletes rules with messages and audit rows', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const created = await post(
      t.app,
      '/api/admin/moderation/rules',
      { name: 'Off-site payment', kind: 'phrase', pattern: 'western union', action: 'queue' },
      admin,
    );
    expect(created.statusCode).toBe(201);
    const saved = ModerationRuleSavedDto.parse(created.json());
    expect(saved).toMatchObject({
      message: M.ruleCreated,
      rule: {
        name: 'Off-site payment',
        kind: 'phrase',
        action: 'queue',
        is_active: true,
        applies_to: ['product', 'forum_post', 'forum_comment', 'message', 'review'],
        created_by: { id: admin.id },
      },
    });
    const id = saved.rule.id;

    const list = ModerationRuleListDto.parse((await get(t.app, '/api/admin/moderation/rules', admin)).json());
    expect(list.items.some((rule) => rule.id === id)).toBe(true);

    const updated = await patch(
      `/api/admin/moderation/rules/${id}`,
      { is_active: false, action: 'flag' },
      admin,
    );
    expect(updated.statusCode).toBe(200);
    expect(ModerationRuleSavedDto.parse(updated.json())).toMatchObject({
      message: M.ruleUpdated,
      rule: { is_active: false, action: 'flag', pattern: 'western union' },
    });
    const badKind = await patch(`/api/admin/moderation/rules/${id}`, { kind: 'word' }, admin);
    expect(badKind.statusCode).toBe(400);
    expect(errorOf(badKind).message).toBe(M.ruleWordSingle);

    const deleted = await del(t.app, `/api/admin/moderation/rules/${id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: M.ruleDeleted });
    const again = await del(t.app, `/api/admin/moderation/rules/${id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(M.ruleNotFound);

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity_id, id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'moderation.rule.create',
      'moderation.rule.delete',
      'moderation.rule.update',
    ]);
  });

  it('refuses bad, too long and catastrophic patterns with clear texts', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'pattern', pattern: '([a-z' }, M.ruleInvalidRegex],
      [{ kind: 'pattern', pattern: '(a+)+$' }, M.ruleUnsafeRegex],
      [{ kind: 'pattern', pattern: 'a'.repeat(201) }, M.rulePatternTooLong],
      [{ kind: 'word', pattern: 'two words' }, M.ruleWordSingle],
      [{ kind: 'phrase', pattern: '   ' }, M.rulePatternRequired],
    ];
    for (const [fields, message] of cases) {
      const response = await post(
        t.app,
        '/api/admin/moderation/rules',
        { name: 'Test rule', action: 'flag', ...fields },
        admin,
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    const noTargets = await post(
      t.app,
      '/api/admin/moderation/rules',
      { name: 'x', kind: 'word', pattern: 'x', action: 'flag', applies_to: [] },
      admin,
    );
    expect(errorOf(noTargets).message).toBe(M.ruleAppliesToRequired);
  });

  it('hides a matching post, flags a matching listing and queues a matching message, with logs', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const author = await signedInMember(t.app, t.database.db);
    const reader = await signedInMember(t.app, t.database.db);
    const hideRule = await createRule(admin, {
      name: 'Counterfeit',
      kind: 'word',
      pattern: 'counterfeit',
      action: 'hide',
      applies_to: ['forum_post', 'forum_comment'],
    });
    const flagRule = await createRule(admin, {
      name: 'Phone numbers',
      kind: 'pattern',
      pattern: '\\b\\d{3}-\\d{4}\\b',
      action: 'flag',
      applies_to: ['product'],
    });
    await createRule(admin, {
      name: 'Payment apps',
      kind: 'phrase',
      pattern: 'pay by gift card',
      action: 'queue',
      applies_to: ['message'],
    });

    const hidden = await writePost(t, author, { title: 'Counterfeit Shimano reels for sale' });
    const clean = await writePost(t, author, { title: 'Shimano reels for sale' });
    const [hiddenRow] = await t.database.db.select().from(posts).where(eq(posts.id, hidden.id));
    expect(hiddenRow).toMatchObject({ status: 'hidden', moderation_reason: 'Matched rule: Counterfeit' });
    expect((await get(t.app, `/api/forum/posts/${hidden.id}`, guest())).statusCode).toBe(404);
    expect((await get(t.app, `/api/forum/posts/${clean.id}`, guest())).statusCode).toBe(200);
    expect(await logsFor(hidden.id)).toMatchObject([
      { rule_id: hideRule, action: 'hide', moderator_id: null },
    ]);
    expect(await logsFor(clean.id)).toHaveLength(0);

    const comment = await writeComment(t, reader, clean.id, 'These look COUNTERFEIT to me');
    const [commentRow] = await t.database.db
      .select()
      .from(postComments)
      .where(eq(postComments.id, comment.id));
    expect(commentRow?.status).toBe('hidden');

    // An edit that adds a match is checked too.
    const edited = await buildPost(t.database.db, author.id, { title: 'Trading flies' });
    const edit = await patch(
      `/api/forum/posts/${edited.id}`,
      { content: 'Only counterfeit flies here' },
      author,
    );
    expect(edit.statusCode).toBe(200);
    const [editedRow] = await t.database.db.select().from(posts).where(eq(posts.id, edited.id));
    expect(editedRow?.status).toBe('hidden');

    const created = await post(
      t.app,
      '/api/listings',
      tackleBody({ description: 'Text me at 555-1234 for the tackle box' }),
      author,
    );
    expect(created.statusCode).toBe(201);
    const listingId = (created.json() as { id: string }).id;
    const [listing] = await t.database.db.select().from(products).where(eq(products.id, listingId));
    expect(listing).toMatchObject({
      moderation_status: 'flagged',
      moderation_reason: 'Matched rule: Phone numbers',
    });
    expect(await logsFor(listingId)).toMatchObject([{ rule_id: flagRule, action: 'flag' }]);

    const sent = await post(
      t.app,
      '/api/messages',
      { recipient_id: reader.id, content: 'Please pay by gift card, thanks' },
      author,
    );
    expect(sent.statusCode).toBe(201);
    const messageId = (sent.json() as { id: string }).id;
    const [message] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
    expect(message?.moderation_status).toBe('active');
    const queued = await t.database.db
      .select()
      .from(moderationQueue)
      .where(eq(moderationQueue.entity_id, messageId));
    expect(queued).toMatchObject([
      { entity_type: 'message', priority: 'medium', reporter_id: null, reason: 'Matched rule: Payment apps' },
    ]);
    const queue = ModerationQueueDto.parse(
      (await get(t.app, '/api/admin/moderation/queue?pageSize=50', admin)).json(),
    );
    expect(queue.items.find((item) => item.entity_id === messageId)).toMatchObject({
      reporter: null,
      entity: { exists: true, excerpt: 'Please pay by gift card, thanks', author: { id: author.id } },
    });

    const logs = ModerationLogListDto.parse(
      (await get(t.app, '/api/admin/moderation/logs?pageSize=50', admin)).json(),
    );
    expect(logs.items.find((item) => item.entity_id === messageId)).toMatchObject({
      action: 'queue',
      rule: { name: 'Payment apps' },
      moderator: null,
    });
  });

  it("reads what a member wrote, not the app's own ids in a quote's link", async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const author = await signedInMember(t.app, t.database.db);
    const replier = await signedInMember(t.app, t.database.db);
    // The demo's phone-number rule: ten digits, with or without separators.
    await createRule(admin, {
      name: 'Phone-number spam',
      kind: 'pattern',
      pattern: '\\(?\\d{3}\\)?[\\s.-]?\\d{3}[\\s.-]?\\d{4}',
      action: 'hide',
      applies_to: ['forum_comment'],
    });
    const topic = await writePost(t, author, { title: 'FG or Alberto?' });
    // An id whose digits read like a phone number, as one in a few dozen random ids do.
    const quotedId = '5f0c2a91-3b7d-4e2f-8a61-555012345678';
    const quote = await writeComment(
      t,
      replier,
      topic.id,
      `> [@${author.username} wrote](#comment-${quotedId}):\n> The FG knot is the slimmest.\n\nAgreed.`,
    );
    const linked = await writeComment(
      t,
      replier,
      topic.id,
      `Same as [this topic](/forum/post/${quotedId}) and [this comment](https://castline.test/forum/post/${topic.id}#comment-${quotedId}).`,
    );
    const phone = await writeComment(t, replier, topic.id, 'Call me on 555 012 3456 for the knot.');
    const statusOf = async (id: string) =>
      (await t.database.db.select().from(postComments).where(eq(postComments.id, id)))[0]?.status;
    expect(await statusOf(quote.id)).toBe('published');
    expect(await statusOf(linked.id)).toBe('published');
    expect(await statusOf(phone.id)).toBe('hidden');
    const page = (await get(t.app, `/api/forum/posts/${topic.id}`, author)).json() as {
      comments: { id: string }[];
    };
    expect(page.comments.map((comment) => comment.id)).toEqual([quote.id, linked.id]);
  });

  it('a disabled rule stops matching at once', async () => {
    const admin = await signedInMember(t.app, t.database.db, 'admin');
    const author = await signedInMember(t.app, t.database.db);
    const id = await createRule(admin, {
      name: 'Walleye ban',
      kind: 'word',
      pattern: 'walleyezz',
      action: 'hide',
    });
    const first = await writePost(t, author, { title: 'walleyezz report' });
    expect((await t.database.db.select().from(posts).where(eq(posts.id, first.id)))[0]?.status).toBe(
      'hidden',
    );
    expect((await patch(`/api/admin/moderation/rules/${id}`, { is_active: false }, admin)).statusCode).toBe(
      200,
    );
    const second = await writePost(t, author, { title: 'walleyezz report again' });
    expect((await t.database.db.select().from(posts).where(eq(posts.id, second.id)))[0]?.status).toBe(
      'published',
    );
  });
});
