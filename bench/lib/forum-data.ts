/**
 * Generated forum data for the forum benchmarks: members (their profiles come from the profile
 * trigger), published topics over the forum's categories with likes, comments (some of them
 * replies, one level deep as the app threads them) and comment likes, and one long topic; written
 * straight into the database with set-based INSERTs, counters set from the rows as the app keeps
 * them (posts' likes and comments, comments' likes, last activity, members' forum counters).
 *
 * Topics are posted over the last year, newest first in number (topic 1 is the newest); their
 * likes come mostly soon after posting, so "Top of the month" ranks recent topics with a few old
 * ones. Content is Markdown of 4 to 23 sentences (about 0.4 to 3 KB), comments of 1 to 5.
 * Given a member, that member likes some topics and comments, wrote a few comments in the long
 * topic and has read ~200 topics part of the way (reading state), so their unread counts are real.
 */
import { FORUM_CATEGORIES } from '../../packages/shared/src/forum/forum-constants.js';
import type { SqlRunner } from './listings-data.js';

export interface ForumDataOptions {
  /** Published topics (default 2,000). */
  topics?: number;
  /** Members who post, comment and like (default 300). */
  authors?: number;
  /** Comments on the long topic (default 500). */
  longTopicComments?: number;
  /** A member (e.g. of signedInMembers) given likes, comments and reading state. */
  memberId?: string;
}

export interface ForumData {
  /** The topic with `longTopicComments` comments. */
  longTopicId: string;
  /** Comments written in all. */
  comments: number;
  /** Topics the member has a read position in (0 without a member). */
  readTopics: number;
  seconds: number;
}

/** The long topic's number: three weeks old, on the list's first pages for Latest and Top. */
const LONG_TOPIC = 120;

/** A single-quoted SQL string. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(text).join(', ')}]`;

/** A fixed version-4-shaped uuid made from `key` (an SQL text expression), so rows can name each other. */
const uuidOf = (key: string) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;
const topicId = (g: string) => uuidOf(`'forum-topic-' || ${g}`);
const commentId = (g: string, k: string) => uuidOf(`'forum-comment-' || ${g} || '-' || ${k}`);

const OPENINGS = [
  'Best braid for',
  'Report:',
  'Question about',
  'Tips for',
  'Finally landed',
  'Which reel for',
  'Help choosing a rod for',
  'Spring run:',
  'A knot that holds for',
  'Worth upgrading for',
  'First trip targeting',
  'Lure colours for',
];
const SUBJECTS = [
  'smallmouth on the Susquehanna',
  'redfish on the flats',
  'walleye at night',
  'trout in high water',
  'stripers from the surf',
  'pike through the ice',
  'bass in heavy cover',
  'crappie around docks',
  'salmon on the Kenai',
  'snook under the bridges',
  'catfish on cut bait',
  'carp on the fly',
];
const SENTENCES = [
  'Water was about 58 degrees and stained after two days of rain, so I started slow and stayed close to the bank.',
  'I have been running 15 lb braid to a 10 lb fluorocarbon leader for two seasons now and would not go back.',
  'The first hour was dead, then the wind switched to the south and they turned on all at once.',
  'Anyone have experience with the new Stradic compared to the older FL model? The drag feels smoother to me.',
  'My buddy swears by a Palomar knot, but I have lost two good fish on it this year with heavier fluoro.',
  'We launched the kayaks at first light and drifted the channel edge with soft plastics on a quarter-ounce jig head.',
  '**Tip:** keep your drag lighter than you think on light line, and let the rod do the work.',
  'Fished a medium-light 7 footer with a fast tip, which was plenty for the size of fish we were seeing.',
  'Most of the bites came on the fall, so watch your line and set the hook on anything that feels off.',
  'The marina said the spring run is about two weeks late this year because of the cold snap in March.',
  'Ended the day with eleven fish, the biggest around 4 lb, all released to fight another day.',
  'If you are new to this, spend the money on line and hooks first; a mid-range rod is fine to start with.',
  'Tried a chartreuse spinnerbait in the murky water and it outfished everything else in the boat.',
  'Has anyone had the bail spring go on a reel this age? Mine started skipping after a saltwater trip.',
  '- 7\'0" medium spinning rod\n- 2500 size reel\n- 10 lb braid, 8 lb leader',
  'Rinse everything with fresh water after a salt trip, reels included, even the ones that claim to be sealed.',
  'We marked a lot of fish on the graph suspended at 20 feet but could not get them to commit.',
  'A slow-rolled swimbait along the weed edge picked up the better fish once the sun got high.',
  'Thanks to everyone who answered my last question, the advice on leader length made a real difference.',
  'Local shop recommended a lighter jig, and it was right: fewer snags and more bites in the rocks.',
];
const COMMENT_SENTENCES = [
  'Great report, thanks for sharing.',
  'Same thing happened to me last weekend, the bite was early or nothing.',
  'What size hooks were you using for that?',
  'I would go with the 3000 size for that kind of water, the extra line capacity helps.',
  'Fluorocarbon sinks, so it is better for anything you fish near the bottom.',
  'Nice fish! What was the water temperature?',
  'I tried that last spring and it worked well once the water cleared up.',
  'Check the drag washers before you blame the reel, they wear out faster than you think.',
  'Good call on the leader, I lost a big one on a frayed leader this year.',
  'Agree with the above, start simple and upgrade what you actually use.',
  'Do you have a link to the knot you use? I keep getting it wrong.',
  'Went out there yesterday after reading this and got three on the first drift.',
];

/**
 * The long topic's comments, k = 1..count, in tens: the 1st of each ten starts a thread, the 3rd,
 * 6th and 8th are replies in it (answering the thread's first comment or an earlier reply), and
 * every fifth ten's 8th answers a thread from twenty comments before. As the app records them,
 * thread_id is always the top-level comment: replies show one level deep.
 */
function longTopicThreads(count: number): { k: number; replyTo: number | null; thread: number | null }[] {
  return Array.from({ length: count }, (_, index) => {
    const k = index + 1;
    const place = k % 10;
    if (![3, 6, 8].includes(place)) return { k, replyTo: null, thread: null };
    const ten = Math.floor(k / 10);
    const head = k - place + 1;
    if (place === 3) return { k, replyTo: head, thread: head };
    if (place === 6) return { k, replyTo: ten % 2 === 0 ? head : k - 3, thread: head };
    if (ten % 5 === 4 && head > 20) return { k, replyTo: head - 20, thread: head - 20 };
    return { k, replyTo: k - 2, thread: head };
  });
}

/**
 * Loads the forum into a freshly migrated database (after loadListings, so that its sellers stay
 * the listings' only sellers), then vacuums and analyzes the forum's tables as autovacuum would.
 */
export async function loadForum(db: SqlRunner, options: ForumDataOptions = {}): Promise<ForumData> {
  const { topics = 2_000, authors = 300, longTopicComments = 500, memberId } = options;
  const started = performance.now();
  const categories = textArray(FORUM_CATEGORIES);
  const authorIds = `(select array_agg(id order by email) as ids from profiles where email like '%@forum.bench.test')`;
  const sentences = (pool: readonly string[], g: string, k: string, count: string) => `(
    select string_agg((${textArray(pool)})[1 + (${g} * 7 + ${k} * 11 + s * 13) % ${pool.length}],
      case when s % 4 = 0 then E'\\n\\n' else ' ' end order by s)
    from generate_series(1, ${count}) s)`;

  await db.query(`
    insert into users (name, email, email_verified)
    select 'angler_' || g, 'angler' || lpad(g::text, 4, '0') || '@forum.bench.test', true
    from generate_series(1, ${authors}) g`);

  // Topics: topic g posted g × 263 minutes ago (the last a year ago), two pinned, a few locked.
  await db.query(`
    with authors as ${authorIds}
    insert into posts (id, title, content, category, author_id, images, created_at, updated_at, last_activity_at, pinned_at, locked_at)
    select
      ${topicId('g')},
      case when g = ${LONG_TOPIC} then 'Which spinning reel under $200 in 2026? Post your picks'
        else (${textArray(OPENINGS)})[1 + g % ${OPENINGS.length}] || ' ' || (${textArray(SUBJECTS)})[1 + (g / ${OPENINGS.length}) % ${SUBJECTS.length}] end,
      ${sentences(SENTENCES, 'g', '0', `case when g = ${LONG_TOPIC} then 30 else 4 + g % 20 end`)}
        || case when g % 10 = 0 then ' Thanks @angler_' || (1 + g % ${authors}) || ' for the tip.' else '' end,
      case when g = ${LONG_TOPIC} then 'Gear Talk' else (${categories})[1 + g % ${FORUM_CATEGORIES.length}] end,
      authors.ids[1 + (g * 7) % ${authors}],
      case when g % 5 = 0 then array['/files/forum-images/bench.webp'] else '{}'::text[] end,
      now() - make_interval(mins => g * 263),
      now() - make_interval(mins => g * 263),
      now() - make_interval(mins => g * 263),
      case when g in (40, 700) then now() - make_interval(mins => g * 263 - 60) end,
      case when g % 400 = 7 then now() - make_interval(mins => g * 263 - 600) end
    from generate_series(1, ${topics}) g, authors`);

  // A few comments (1 to 5) on each of the other topics: the 3rd answers the 1st, the 5th the 3rd
  // (both in the 1st's thread), over the hours and days after the topic was posted.
  const commentRows = (replies: boolean) => `
    with authors as ${authorIds}
    insert into post_comments (id, post_id, author_id, content, reply_to_id, thread_id, created_at, updated_at)
    select ${commentId('g', 'k')}, p.id, authors.ids[1 + (g * 13 + k * 29) % ${authors}],
      ${sentences(COMMENT_SENTENCES, 'g', 'k', '1 + (g + k) % 5')},
      ${replies ? `${commentId('g', 'k - 2')}, ${commentId('g', '1')}` : 'null, null'},
      at, at
    from generate_series(1, ${topics}) g
    join posts p on p.id = ${topicId('g')}
    cross join lateral generate_series(1, 1 + (g * 7) % 5) k
    cross join lateral (select p.created_at + least(
      make_interval(mins => k * k * (30 + g % 90)),
      (now() - p.created_at) * k / 6.0) as at) t,
      authors
    where g <> ${LONG_TOPIC} and ${replies ? 'k in (3, 5)' : 'k not in (3, 5)'}`;
  await db.query(commentRows(false));
  await db.query(commentRows(true));

  // The long topic: its comments one after the other from its posting until now, a third of them
  // replies; one in ten mentions a member; the member wrote a few.
  const threads = longTopicThreads(longTopicComments);
  const intArray = (values: (number | null)[]) =>
    `array[${values.map((value) => (value === null ? 'null' : String(value))).join(',')}]::int[]`;
  const memberComments = memberId ? [100, 250, 400] : [];
  const longRows = (replies: boolean) => `
    with authors as ${authorIds}
    insert into post_comments (id, post_id, author_id, content, reply_to_id, thread_id, created_at, updated_at)
    select ${commentId(String(LONG_TOPIC), 't.k')}, p.id,
      case when t.k = any(${intArray(memberComments)}) then ${memberId ? `${text(memberId)}::uuid` : 'null'}
        else authors.ids[1 + (t.k * 37) % ${authors}] end,
      ${sentences(COMMENT_SENTENCES, String(LONG_TOPIC), 't.k', '1 + t.k % 5')}
        || case when t.k % 10 = 4 then ' @angler_' || (1 + t.k % ${authors}) else '' end,
      case when t.reply_to is null then null else ${commentId(String(LONG_TOPIC), 't.reply_to')} end,
      case when t.thread is null then null else ${commentId(String(LONG_TOPIC), 't.thread')} end,
      p.created_at + (now() - p.created_at) * t.k / ${longTopicComments + 1}.0,
      p.created_at + (now() - p.created_at) * t.k / ${longTopicComments + 1}.0
    from unnest(${intArray(threads.map((c) => c.k))}, ${intArray(threads.map((c) => c.replyTo))},
      ${intArray(threads.map((c) => c.thread))}) as t(k, reply_to, thread)
    join posts p on p.id = ${topicId(String(LONG_TOPIC))}, authors
    where (t.thread is not null) = ${replies}`;
  await db.query(longRows(false));
  await db.query(longRows(true));

  // Likes of topics: mostly a few, some topics many (up to 80; the long topic 120), most of them
  // soon after posting, spread over the year with the topics.
  await db.query(`
    with authors as ${authorIds}
    insert into post_likes (post_id, user_id, created_at)
    select p.id, authors.ids[1 + (g * 31 + j * 17) % ${authors}],
      p.created_at + (now() - p.created_at) * power(((g * 131 + j * 7919) % 1000) / 1000.0, 3)
    from generate_series(1, ${topics}) g
    join posts p on p.id = ${topicId('g')}
    cross join lateral generate_series(1, case when g = ${LONG_TOPIC} then 120
      else floor(power(((g * 7919) % 1000) / 1000.0, 3) * 80)::int end) j,
      authors`);
  // Likes of comments: 0 to 5 each (0 to 11 in the long topic).
  await db.query(`
    with authors as ${authorIds}
    insert into comment_likes (comment_id, user_id, created_at)
    select c.id, authors.ids[1 + (h.b * 7 + j * 17) % ${authors}],
      c.created_at + (now() - c.created_at) * power((h.b % 100) / 100.0 * j / 12.0, 2)
    from post_comments c
    cross join lateral (select get_byte(decode(md5(c.id::text), 'hex'), 0) as b) h
    cross join lateral generate_series(1, h.b % case when c.post_id = ${topicId(String(LONG_TOPIC))} then 12 else 6 end) j,
      authors`);

  let readTopics = 0;
  if (memberId) {
    const member = `${text(memberId)}::uuid`;
    await db.query(`
      insert into post_likes (post_id, user_id, created_at)
      select id, ${member}, created_at + (now() - created_at) / 3 from posts where id in (
        select ${topicId('g')} from generate_series(9, ${topics}, 9) g)`);
    await db.query(`
      insert into comment_likes (comment_id, user_id, created_at)
      select id, ${member}, created_at + interval '1 minute' from post_comments
      where post_id = ${topicId(String(LONG_TOPIC))} and author_id <> ${member}
        and get_byte(decode(md5(id::text), 'hex'), 1) % 7 = 0`);
    readTopics = Math.floor(topics / 10);
  }

  // Counters as the app keeps them.
  await db.query(`
    update post_comments c set likes_count = l.n
    from (select comment_id, count(*)::int as n from comment_likes group by comment_id) l
    where l.comment_id = c.id`);
  await db.query(`
    update posts p set
      likes_count = (select count(*)::int from post_likes pl where pl.post_id = p.id),
      comments_count = (select count(*)::int from post_comments pc where pc.post_id = p.id and pc.status = 'published'),
      last_activity_at = greatest(p.created_at, (select max(pc.created_at) from post_comments pc where pc.post_id = p.id))`);
  await db.query(`
    update profiles pr set
      posts_count = (select count(*)::int from posts p where p.author_id = pr.id),
      comments_count = (select count(*)::int from post_comments pc where pc.author_id = pr.id and pc.status = 'published'),
      likes_count = coalesce((select sum(p.likes_count)::int from posts p where p.author_id = pr.id), 0)
        + coalesce((select sum(pc.likes_count)::int from post_comments pc where pc.author_id = pr.id), 0)
    where pr.email like '%@forum.bench.test'${memberId ? ` or pr.id = ${text(memberId)}::uuid` : ''}`);

  // Reading state: the member opened every tenth topic (the long one among them): one in two read
  // to its last comment, the others halfway through its comments.
  if (memberId) {
    await db.query(`
      insert into forum_reads (user_id, post_id, read_up_to, updated_at)
      select ${text(memberId)}::uuid, p.id, r.at, r.at
      from generate_series(10, ${topics}, 10) g
      join posts p on p.id = ${topicId('g')}
      cross join lateral (select case when g % 20 = 0 and g <> ${LONG_TOPIC} then p.last_activity_at
        else p.created_at + (p.last_activity_at - p.created_at) / 2 end as at) r`);
  }

  for (const table of ['posts', 'post_comments', 'post_likes', 'comment_likes', 'forum_reads', 'profiles']) {
    await db.query(`vacuum analyze ${table}`);
  }
  const counted = (await db.query(`
    select ${topicId(String(LONG_TOPIC))}::text as id, (select count(*)::int from post_comments) as comments`)) as {
    rows: { id: string; comments: number }[];
  };
  const { id, comments } = counted.rows[0]!;
  return {
    longTopicId: id,
    comments,
    readTopics,
    seconds: (performance.now() - started) / 1000,
  };
}
