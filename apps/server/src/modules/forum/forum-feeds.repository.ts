import { and, asc, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { FORUM_LIMITS, type ForumSort, type ForumTopPeriod, type ForumView } from '@castline/shared';
import type { Database } from '../../db/client.js';
import { postLikes, posts, profiles } from '../../db/schema/index.js';
import { published, summaryColumns, type PostSummaryRow } from './forum-rows.js';

export interface PostSearch {
  viewerId: string | null;
  category: string | null;
  q: string | null;
  authorId: string | null;
  /** Only topics with this tag (posts_tags_idx serves `@>`). */
  tag?: string | null | undefined;
  sort: ForumSort;
  period: ForumTopPeriod;
  /** `new` and `unread` need a viewer. */
  view: ForumView;
  limit: number;
  offset: number;
}

const PERIOD_DAYS: Record<Exclude<ForumTopPeriod, 'all'>, number> = { week: 7, month: 30, year: 365 };

/** The viewer's own views: topics new to them, or with comments they have not read. */
function viewCondition(view: ForumView, viewerId: string | null): SQL | undefined {
  if (view === 'all' || !viewerId) return undefined;
  if (view === 'new') {
    return sql`(${posts.author_id} <> ${viewerId} and ${posts.created_at} > now() - make_interval(days => ${sql.raw(String(FORUM_LIMITS.newTopicDays))}) and not exists (select 1 from forum_reads fr where fr.post_id = ${posts.id} and fr.user_id = ${viewerId}))`;
  }
  // From the member's read position: only a topic active since can hold unread comments.
  return sql`exists (select 1 from forum_reads fr where fr.post_id = ${posts.id} and fr.user_id = ${viewerId} and ${posts.last_activity_at} > fr.read_up_to and exists (select 1 from post_comments uc where uc.post_id = ${posts.id} and uc.created_at > fr.read_up_to and uc.status = 'published' and uc.author_id <> ${viewerId}))`;
}

/**
 * Muted topics leave the member's lists, and so do the topics of muted categories, except when the
 * member asks for that category, searches, or reads someone's posts.
 */
function notMuted(search: PostSearch): SQL | undefined {
  if (!search.viewerId || search.q || search.authorId) return undefined;
  const mutedCategory = search.category
    ? sql`false`
    : sql`exists (select 1 from forum_watches mc where mc.user_id = ${search.viewerId} and mc.target_type = 'category' and mc.target = ${posts.category} and mc.level = 'muted')`;
  return sql`not (exists (select 1 from forum_watches mt where mt.user_id = ${search.viewerId} and mt.target_type = 'post' and mt.target = ${posts.id}::text and mt.level = 'muted') or ${mutedCategory})`;
}

/** Descending, as the lists' indexes hold it (nulls last; the columns are never null). */
const newestFirst = (column: SQL | typeof posts.created_at) => sql`${column} desc nulls last`;

/** The list's order: pinned topics first on the plain lists, then by the chosen sort (as the indexes hold it). */
function listOrder(search: PostSearch, likesInPeriod: SQL | null): SQL[] {
  const plain = search.view === 'all' && !search.q && !search.authorId && search.sort !== 'top';
  const pinnedFirst = plain ? [sql`(${posts.pinned_at} is not null) desc`] : [];
  if (search.sort === 'latest') {
    return [...pinnedFirst, newestFirst(sql`${posts.last_activity_at}`), newestFirst(sql`${posts.id}`)];
  }
  if (search.sort === 'top') {
    return [
      sql`${likesInPeriod ?? sql`${posts.likes_count}`} desc`,
      desc(posts.likes_count),
      desc(posts.created_at),
      desc(posts.id),
    ];
  }
  return [...pinnedFirst, newestFirst(sql`${posts.created_at}`), newestFirst(sql`${posts.id}`)];
}

/** Each post's likes given within the period, counted once for all posts (Top's order). */
function periodLikes(db: Database, period: Exclude<ForumTopPeriod, 'all'>) {
  return db
    .select({ post_id: postLikes.post_id, likes: sql<number>`count(*)`.as('period_likes') })
    .from(postLikes)
    .where(
      sql`${postLikes.created_at} > now() - make_interval(days => ${sql.raw(String(PERIOD_DAYS[period]))})`,
    )
    .groupBy(postLikes.post_id)
    .as('period_likes');
}

/**
 * The page of Top over a period. Its topics are ranked first on narrow rows (id, the period's
 * likes and the order's columns, from posts_published_likes_idx without reading the topics'
 * content); only the page's rows are then read whole with their authors, in the same order.
 */
function rankedTopOfPeriod(
  db: Database,
  search: PostSearch,
  where: SQL | undefined,
  period: Exclude<ForumTopPeriod, 'all'>,
) {
  const liked = periodLikes(db, period);
  const likes = sql<number>`coalesce(${liked.likes}, 0)`;
  return db
    .select({ id: posts.id, likes: likes.as('ranked_likes') })
    .from(posts)
    .leftJoin(liked, eq(liked.post_id, posts.id))
    .where(where)
    .orderBy(...listOrder(search, likes))
    .limit(search.limit)
    .offset(search.offset)
    .as('ranked');
}

/** What readers browse: the public post list, trending posts, categories and top contributors. */
export function createForumFeedsRepository(db: Database) {
  return {
    /** Public posts in the chosen order (newest first by default), with the exact total. */
    async list(search: PostSearch): Promise<{ rows: PostSummaryRow[]; total: number }> {
      const where = and(
        published,
        viewCondition(search.view, search.viewerId),
        notMuted(search),
        search.category ? eq(posts.category, search.category) : undefined,
        search.authorId ? eq(posts.author_id, search.authorId) : undefined,
        search.tag ? sql`${posts.tags} @> array[${search.tag}]::text[]` : undefined,
        search.q ? sql`${posts.search_vector} @@ websearch_to_tsquery('english', ${search.q})` : undefined,
      );
      const counting = db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(where);
      // Unread is a member's own short list, sorted whole before its page is cut: the page counts
      // the list as it goes (a window over the same rows) instead of a second statement.
      const countedByPage = search.view === 'unread' && search.viewerId !== null;
      const base = db
        .select({
          ...summaryColumns(search.viewerId),
          listed: countedByPage ? sql<number>`count(*) over ()`.mapWith(Number) : sql<number>`0`,
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .$dynamic();
      const ranked =
        search.sort === 'top' && search.period !== 'all'
          ? rankedTopOfPeriod(db, search, where, search.period)
          : null;
      const page = ranked
        ? base
            .innerJoin(ranked, eq(ranked.id, posts.id))
            .orderBy(
              sql`${ranked.likes} desc`,
              desc(posts.likes_count),
              desc(posts.created_at),
              desc(posts.id),
            )
        : base
            .where(where)
            .orderBy(...listOrder(search, null))
            .limit(search.limit)
            .offset(search.offset);
      if (countedByPage) {
        const rows = await page;
        // A page past the end has no row to carry the count.
        const total = rows[0]?.listed ?? (search.offset === 0 ? 0 : ((await counting)[0]?.total ?? 0));
        return { rows, total };
      }
      // Side by side: on PostgreSQL each takes a connection of the pool.
      const [[counted], rows] = await Promise.all([counting, page]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The most liked public posts (spec: trending, top 10 by likes_count). */
    async trending(viewerId: string | null, limit: number): Promise<PostSummaryRow[]> {
      return db
        .select(summaryColumns(viewerId))
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.author_id))
        .where(published)
        .orderBy(desc(posts.likes_count), desc(posts.created_at), desc(posts.id))
        .limit(limit);
    },

    /** get_distinct_categories: the categories public posts use, with how many use each. */
    async categories(): Promise<{ category: string; count: number }[]> {
      const count = sql<number>`count(*)`.mapWith(Number);
      return db
        .select({ category: posts.category, count })
        .from(posts)
        .where(published)
        .groupBy(posts.category)
        .orderBy(desc(count), asc(posts.category));
    },

    /** Members with the most posts (then likes received, then comments); deleted and banned ones left out. */
    async topContributors(limit: number) {
      return db
        .select({
          id: profiles.id,
          username: profiles.username,
          avatar_url: profiles.avatar_url,
          posts_count: profiles.posts_count,
          comments_count: profiles.comments_count,
          total_likes: profiles.likes_count,
        })
        .from(profiles)
        .where(
          and(
            sql`${profiles.deleted_at} is null`,
            ne(profiles.status, 'banned'),
            or(sql`${profiles.posts_count} > 0`, sql`${profiles.comments_count} > 0`),
          ),
        )
        .orderBy(
          desc(profiles.posts_count),
          desc(profiles.likes_count),
          desc(profiles.comments_count),
          asc(profiles.username),
        )
        .limit(limit);
    },
  };
}
