import { and, eq, sql } from 'drizzle-orm';
import type { RuleAction, RuleKind, RuleTarget } from '@castline/shared';
import { MODERATION_LIMITS } from '@castline/shared';
import type { Database, Executor } from '../../db/client.js';
import { setCommentStatus } from '../forum/index.js';
import {
  messages,
  moderationLogs,
  moderationQueue,
  moderationRules,
  orderReviews,
  postComments,
  posts,
  products,
} from '../../db/schema/index.js';

/** An active rule, ready to match. */
export interface CompiledRule {
  id: string;
  name: string;
  kind: RuleKind;
  action: RuleAction;
  appliesTo: readonly string[];
  test: (text: string) => boolean;
}

/** The content just written, to check against the active rules. */
export interface RuleSubject {
  entityType: RuleTarget;
  entityId: string;
  text: string;
}

/** What the rules did to a piece of content (null when none matched). */
export interface RuleOutcome {
  action: RuleAction;
  rule: { id: string; name: string };
}

const STRENGTH: Record<RuleAction, number> = { hide: 3, queue: 2, flag: 1 };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The matcher of one rule: whole words, case-insensitive substrings or a regular expression. */
export function compileMatcher(kind: RuleKind, pattern: string): ((text: string) => boolean) | null {
  const value = pattern.trim();
  if (value.length === 0) return null;
  try {
    if (kind === 'phrase') {
      const needle = value.toLocaleLowerCase();
      return (text) => text.toLocaleLowerCase().includes(needle);
    }
    const regex =
      kind === 'word'
        ? new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(value)}(?![\\p{L}\\p{N}_])`, 'iu')
        : new RegExp(value, 'iu');
    return (text) => regex.test(text);
  } catch {
    // A rule saved before validation existed; it never matches rather than failing writes.
    return null;
  }
}

/** The app's own ids (a quote's `#comment-<id>`, a link to a topic or listing). */
const APP_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/giu;

/**
 * The text the rules read: what the member wrote, without the ids the app puts in quotes and
 * links. Their digits would otherwise read as phone numbers or codes (about one random id in
 * thirty matches the demo's phone-number rule).
 */
export function ruleText(text: string): string {
  return text.replace(APP_ID, ' ');
}

/** Picks the strongest action among the rules that match (hide > queue > flag). */
export function strongestMatch(rules: readonly CompiledRule[], subject: RuleSubject): CompiledRule | null {
  let best: CompiledRule | null = null;
  const text = ruleText(subject.text);
  for (const rule of rules) {
    if (!rule.appliesTo.includes(subject.entityType)) continue;
    if (best && STRENGTH[rule.action] <= STRENGTH[best.action]) continue;
    if (rule.test(text)) best = rule;
  }
  return best;
}

interface CacheEntry {
  rules: Promise<CompiledRule[]>;
  loadedAt: number;
}

const cache = new WeakMap<Database, CacheEntry>();

/** Drops the cached rules of this database (called whenever a rule changes). */
export function invalidateModerationRules(db: Database): void {
  cache.delete(db);
}

async function loadRules(db: Database): Promise<CompiledRule[]> {
  const rows = await db.select().from(moderationRules).where(eq(moderationRules.is_active, true));
  const compiled: CompiledRule[] = [];
  for (const row of rows) {
    const test = compileMatcher(row.kind as RuleKind, row.pattern);
    if (!test) continue;
    compiled.push({
      id: row.id,
      name: row.name,
      kind: row.kind as RuleKind,
      action: row.action as RuleAction,
      appliesTo: row.applies_to,
      test,
    });
  }
  return compiled;
}

/** The active rules, read at most every 30 s per database. */
export async function activeRules(db: Database, now = Date.now()): Promise<CompiledRule[]> {
  const entry = cache.get(db);
  if (entry && now - entry.loadedAt < MODERATION_LIMITS.rulesCacheMs) return entry.rules;
  const rules = loadRules(db);
  cache.set(db, { rules, loadedAt: now });
  rules.catch(() => cache.delete(db));
  return rules;
}

/** The moderation reason written on content an automatic rule acted on. */
export function ruleReason(name: string): string {
  return `Matched rule: ${name}`;
}

/**
 * Hides or flags a listing, post, comment, message or order review with a reason (rules and
 * staff reviews alike).
 */
export async function setContentModerationStatus(
  executor: Executor,
  entityType: RuleTarget,
  entityId: string,
  status: 'hidden' | 'flagged',
  reason: string | null,
): Promise<void> {
  const at = sql`now()`;
  switch (entityType) {
    case 'product':
      await executor
        .update(products)
        .set({ moderation_status: status, moderation_reason: reason, updated_at: at })
        .where(eq(products.id, entityId));
      return;
    case 'forum_post':
      await executor.update(posts).set({ status, moderation_reason: reason }).where(eq(posts.id, entityId));
      return;
    case 'forum_comment':
      // The post's and the author's comment counts move with it (they count visible comments).
      await setCommentStatus(executor, eq(postComments.id, entityId), status, reason);
      return;
    case 'message':
      await executor
        .update(messages)
        .set({ moderation_status: status, moderation_reason: reason })
        .where(eq(messages.id, entityId));
      return;
    case 'review':
      // Its body and its reply are one item; its rating still counts in the figures.
      await executor
        .update(orderReviews)
        .set({ moderation_status: status, moderation_reason: reason, updated_at: at })
        .where(eq(orderReviews.id, entityId));
      return;
  }
}

/**
 * Checks freshly written content against the active rules and applies the strongest matching
 * action: hide or flag the content (with 'Matched rule: <name>'), or send it to the moderation
 * queue. Every automatic action is written to moderation_logs with its rule. `executor` is the
 * writer's transaction when called inside it.
 */
export async function applyModerationRules(
  db: Database,
  subject: RuleSubject,
  executor: Executor = db,
): Promise<RuleOutcome | null> {
  const rules = await activeRules(db);
  const rule = strongestMatch(rules, subject);
  if (!rule) return null;
  const reason = ruleReason(rule.name);
  if (rule.action === 'queue') {
    const [open] = await executor
      .select({ id: moderationQueue.id })
      .from(moderationQueue)
      .where(
        and(
          eq(moderationQueue.entity_type, subject.entityType),
          eq(moderationQueue.entity_id, subject.entityId),
          eq(moderationQueue.status, 'pending'),
        ),
      )
      .limit(1);
    if (!open) {
      await executor.insert(moderationQueue).values({
        entity_type: subject.entityType,
        entity_id: subject.entityId,
        priority: 'medium',
        reason,
        reporter_id: null,
      });
    }
  } else {
    await setContentModerationStatus(
      executor,
      subject.entityType,
      subject.entityId,
      rule.action === 'hide' ? 'hidden' : 'flagged',
      reason,
    );
  }
  await executor.insert(moderationLogs).values({
    rule_id: rule.id,
    moderator_id: null,
    entity_type: subject.entityType,
    entity_id: subject.entityId,
    action: rule.action,
    reason,
  });
  return { action: rule.action, rule: { id: rule.id, name: rule.name } };
}

/**
 * The write hook of listings, posts, comments, messages and reviews: runs the rules and never fails the
 * member's write (a failure is logged and the content stays as written).
 */
export async function moderateWrite(
  db: Database,
  subject: RuleSubject,
  logger: { error: (obj: object, msg: string) => void },
  executor: Executor = db,
): Promise<RuleOutcome | null> {
  try {
    return await applyModerationRules(db, subject, executor);
  } catch (error) {
    if (executor !== db) throw error;
    logger.error({ err: error, entity: subject.entityType, id: subject.entityId }, 'moderation rules failed');
    return null;
  }
}
