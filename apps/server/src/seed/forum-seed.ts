import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Category, ForumCategory, TagSlug } from '@castline/shared';
import { quoteMarkdown } from '@castline/shared';
import type { Database } from '../db/client.js';
import {
  commentLikes,
  forumBookmarks,
  forumDrafts,
  forumReads,
  forumWatches,
  notifications,
  postComments,
  postLikes,
  posts,
  profiles,
} from '../db/schema/index.js';
import {
  addressedNotification,
  extractMentions,
  mentionNotification,
  type MentionSource,
} from '../modules/forum/index.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { gearPhotoWebp } from './gear-photo.js';
import { createRandom } from './listing-catalog.js';
import { demoTagsOf } from './demo-tags.js';

const HOUR_MS = 3_600_000;

export interface ForumSeedCounts {
  posts: number;
  comments: number;
  likes: number;
}

interface SeededComment {
  from: string;
  text: string;
  /** Hours after the post. */
  after: number;
  likes?: number;
  /** The earlier comment of the same post this one answers (its index). */
  replyTo?: number;
  /** Words quoted from the post or an earlier comment (its index), put before the text. */
  quote?: { of: 'post' | number; words: string };
}

interface SeededPost {
  author: string;
  category: ForumCategory;
  title: string;
  content: string;
  /** Hours ago. */
  ago: number;
  /** Forum photos (from the demo photo pool: category and variant). */
  photos?: [Category, number][];
  likes: number;
  comments?: SeededComment[];
  /** Staff pinned it to the top of its category. */
  pinned?: boolean;
  /** Staff locked it: no new comments. */
  locked?: boolean;
  /** Its tags; read from its words (demoTagsOf) when not given. */
  tags?: TagSlug[];
}

const POSTS: SeededPost[] = [
  {
    author: 'moderator',
    category: 'General',
    title: 'Welcome to the Community: read this first',
    content: `Welcome aboard! A few things keep this place useful:

- **Be kind.** Everyone started somewhere.
- **Share what worked:** water, weather, rig and bait help the next angler.
- **No spot burning** without the finder's say-so.
- **Buying or selling?** Use the Marketplace; questions about a deal go in *For Sale Questions*.

Reply to a comment to keep a conversation together, select words and press **Quote** to answer a point, and type **@** to mention a member.`,
    ago: 24 * 30,
    likes: 9,
    pinned: true,
    locked: true,
  },
  {
    author: 'bassmaster_ben',
    category: 'Fishing Reports',
    title: 'Lake Travis: topwater bite is ON at first light',
    tags: ['bass', 'baitcasting'],
    content: `## Lake Travis, Saturday morning

Water temp **68°F**, clear, light wind from the south.

- Walked a *Zara Spook* over main-lake points: 6 fish before 8 am
- Best fish went about **4 lb**
- Bite died as soon as the sun got on the water

Switched to a shaky head on docks and picked up a few more. Anyone else getting them shallow?`,
    ago: 20,
    photos: [['tackle', 1]],
    likes: 14,
    comments: [
      {
        from: 'crappie_kim',
        text: 'Same story on Lake Eufaula last weekend. Early or nothing!',
        after: 2,
        likes: 3,
      },
      {
        from: 'rodbuilder_rob',
        text: 'What rod were you walking the Spook on? A 6\'10" medium-heavy is my go-to.',
        after: 3,
      },
      {
        from: 'bassmaster_ben',
        text: "@rodbuilder_rob 7' medium with a fast tip and 30 lb braid.",
        after: 4,
        likes: 2,
        replyTo: 1,
      },
    ],
  },
  {
    author: 'salty_sue',
    category: 'Fishing Reports',
    title: 'Yellowtail off La Jolla from the kayak',
    tags: ['kayak', 'offshore'],
    content: `Launched at **5:30** from La Jolla Shores.

1. Made bait at the buoys (mackerel, of course)
2. Slow-trolled the kelp edge
3. Third pass: *zing*. 20 minutes later a 22 lb yellowtail in the yak

Lessons learned: keep the drag tighter than you think, and **leash your rod**.`,
    ago: 30,
    photos: [
      ['rods', 2],
      ['accessories', 0],
    ],
    likes: 22,
    comments: [
      {
        from: 'kayak_kai',
        text: 'Killer fish! Leashing the rod saved me twice this year.',
        after: 1,
        likes: 4,
      },
      { from: 'tuna_tom', text: 'Nice! What line were you running?', after: 5 },
      { from: 'salty_sue', text: '40 lb fluoro leader to 50 lb braid.', after: 6 },
    ],
  },
  {
    author: 'walleye_will',
    category: 'Fishing Reports',
    title: 'First safe ice on the St. Louis River',
    tags: ['walleye', 'ice', 'jigging'],
    content: `Four inches of clear ice near the bay this morning. **Be careful**, it is thinner by the current.

Jigging raps in *glow* colours worked best right at dusk. Kept two for dinner.

> Spud every step until the season settles.`,
    ago: 60,
    likes: 9,
    comments: [
      { from: 'perch_paula', text: 'Good reminder about the current. Stay safe out there!', after: 3 },
      { from: 'grayling_gus', text: 'We have 14 inches up here already 😄', after: 8, likes: 5 },
    ],
  },
  {
    author: 'tarpon_tess',
    category: 'Fishing Reports',
    title: 'Silver kings rolling in the Keys channel',
    tags: ['tarpon', 'snook', 'fly'],
    content: `Big push of tarpon through the channels on the outgoing tide.

- **Fly:** black and purple toad, 12 wt
- **Best window:** last two hours of the outgoing
- Jumped three, landed one. *That's tarpon fishing.*

[Tide chart I use](https://tidesandcurrents.noaa.gov/)`,
    ago: 96,
    photos: [['rods', 4]],
    likes: 18,
    comments: [
      { from: 'bonefish_bo', text: 'One out of three is a great day! Which bridge?', after: 2 },
      { from: 'snook_sara', text: 'The toad never fails. Congrats!', after: 4, likes: 2 },
    ],
  },
  {
    author: 'striper_steve',
    category: 'Fishing Reports',
    title: 'Montauk fall run update',
    tags: ['striper', 'surf'],
    content: `Birds working everywhere off the point.

**Stripers** blitzing on peanut bunker, mostly schoolies with a few keepers mixed in. Albies showed up mid-morning.

Tins and small soft plastics did the trick.`,
    ago: 130,
    likes: 11,
    comments: [{ from: 'surfcaster', text: 'Heading up next weekend. Thanks for the intel!', after: 6 }],
  },
  {
    author: 'rodbuilder_rob',
    category: 'Gear Talk',
    title: 'Spinning vs. baitcasting for a first bass setup?',
    content: `A friend is getting into bass fishing and asked me what to buy first.

My take: **spinning** first.

- Easier to learn, no backlashes
- Handles light lures and finesse rigs
- A 7' medium/fast rod with a 2500 reel covers a lot

Baitcasters come later for heavier lures and cover. Agree?`,
    ago: 40,
    likes: 16,
    comments: [
      {
        from: 'bassmaster_ben',
        text: 'Agree 100%. Learn the water first, the baitcaster can wait.',
        after: 1,
        likes: 6,
      },
      {
        from: 'landlubber',
        text: 'As a beginner, thank you. This is exactly my question.',
        after: 2,
        likes: 4,
      },
      { from: 'reel_rita', text: 'And a spinning reel is simpler to maintain too.', after: 5 },
      {
        from: 'rodbuilder_rob',
        text: 'That too. Come by the shop and try a few before you buy.',
        after: 6,
        replyTo: 1,
        quote: { of: 2, words: 'And a spinning reel is simpler to maintain too.' },
      },
      {
        from: 'landlubber',
        text: 'Will do, thanks! Saturday morning?',
        after: 8,
        replyTo: 3,
      },
    ],
  },
  {
    author: 'reel_rita',
    category: 'Gear Talk',
    title: 'Restoring a Penn Senator 4/0: before and after',
    content: `Picked this one up at an estate sale. Rusty, grinding, drag washers glued together.

### What it needed
- New **carbon fiber drag washers**
- Fresh grease on the main gear (*not too much!*)
- Polished the side plates

It sounds like a sewing machine now. Photos below.`,
    ago: 72,
    photos: [
      ['reels', 0],
      ['reels', 3],
    ],
    likes: 25,
    comments: [
      {
        from: 'captain_ahab',
        text: 'Beautiful work. The old Senators will outlive us all.',
        after: 1,
        likes: 7,
      },
      { from: 'halibut_hank', text: 'Where do you source carbon washers for these?', after: 3 },
      {
        from: 'reel_rita',
        text: '@halibut_hank most tackle shops can order them, or look for upgrade kits online.',
        after: 4,
        likes: 2,
      },
    ],
  },
  {
    author: 'steelhead_sam',
    category: 'Gear Talk',
    title: 'Spey line choices for winter steelhead',
    content: `Running a 13' 7wt spey rod. Trying to decide between a **Skagit** head with sink tips and a *Scandi* setup.

For cold, high water I lean Skagit: it turns over heavy flies and tips. What are you all using?`,
    ago: 110,
    likes: 7,
    comments: [
      { from: 'flyfisher_fran', text: 'Skagit in winter, Scandi in summer. Simple.', after: 2, likes: 3 },
      { from: 'troutbum', text: 'Skagit, and a 10 ft T-11 tip for most runs.', after: 7 },
    ],
  },
  {
    author: 'captain_ahab',
    category: 'Gear Talk',
    title: 'Two-speed reels: worth it for offshore?',
    content: `For chunking and live baiting tuna, the low gear on a **two-speed** saves your back.

- Low gear for the fight under the boat
- High gear to pick up slack fast

I would not go back to single speed for anything over 50 lb.`,
    ago: 200,
    photos: [['reels', 2]],
    likes: 12,
    comments: [
      { from: 'tuna_tom', text: 'Absolutely. My back thanks me every bluefin season.', after: 3, likes: 2 },
      { from: 'halibut_hank', text: 'Same for deep halibut. Low gear or bust.', after: 9 },
    ],
  },
  {
    author: 'troutbum',
    category: 'How-To',
    title: 'How to tie the improved clinch knot (step by step)',
    content: `The knot everyone should know.

1. Thread the line through the eye, leaving 6 inches
2. Wrap the tag end around the standing line **5–7 times**
3. Pass the tag through the small loop by the eye
4. Then back through the big loop you just made
5. **Wet it** and pull tight slowly

Trim the tag, leaving 1/8". Do not use it on braid: use a *Palomar* instead.`,
    ago: 50,
    likes: 30,
    comments: [
      { from: 'bluegill_bea', text: 'Printing this for the kids at our fishing day!', after: 2, likes: 8 },
      { from: 'landlubber', text: 'Step 4 is where I always messed up. Thanks!', after: 4, likes: 2 },
      { from: 'carp_whisperer', text: 'And wet the knot, every time. People skip that.', after: 6 },
    ],
  },
  {
    author: 'flyfisher_fran',
    category: 'How-To',
    title: 'Reading a trout stream: where the fish hold',
    tags: ['trout', 'fly'],
    content: `Trout want **food, cover and easy water**. Look for:

- **Seams** where fast water meets slow
- The head and tail of pools
- Pocket water behind boulders
- Undercut banks

Fish the water closest to you first, then work out. *Don't wade through the best spots!*`,
    ago: 150,
    photos: [['rods', 1]],
    likes: 21,
    comments: [
      { from: 'grayling_gus', text: 'Seams, seams, seams. Great write-up.', after: 3 },
      { from: 'troutbum', text: "'Fish it before you wade it' should be on a sticker.", after: 5, likes: 6 },
    ],
  },
  {
    author: 'catfish_carl',
    category: 'How-To',
    title: 'Rigging for big river catfish',
    content: `My setup for the Mississippi at night:

- **Santee Cooper rig**: 3 oz egg sinker, bead, swivel, 18" leader, peg float, 8/0 circle hook
- Fresh cut shad or skipjack
- Anchor *above* a deep hole and let the scent drift down

Circle hooks: **don't set the hook**, just reel tight.`,
    ago: 180,
    likes: 13,
    comments: [
      { from: 'redfish_ray', text: 'Circle hooks changed my life. Same with reds.', after: 4, likes: 3 },
    ],
  },
  {
    author: 'surfcaster',
    category: 'How-To',
    title: 'Casting farther from the beach: the pendulum cast basics',
    tags: ['redfish', 'striper', 'surf'],
    content: `Distance matters in the surf. Basics of the **pendulum cast**:

1. Long drop (the sinker hangs about reel-length)
2. Swing the sinker out and back
3. Turn your hips through the cast, *not just your arms*
4. Stop the rod high

Start slow. Timing beats power. Practise on a field before the beach.`,
    ago: 260,
    likes: 8,
    comments: [{ from: 'striper_steve', text: 'Hips! Everyone forgets the hips.', after: 5 }],
  },
  {
    author: 'landlubber',
    category: 'For Sale Questions',
    title: 'How do I know if a used reel is in good shape?',
    content: `Looking at a used spinning reel on Castline. What should I **ask the seller** or check?

- Does the handle turn smoothly?
- Any play in the spool?
- How do I check the drag?

Thanks, still learning!`,
    ago: 12,
    likes: 6,
    comments: [
      {
        from: 'reel_rita',
        text: 'Ask for a video of the drag pulling out and of the handle turning. Grinding = service needed.',
        after: 1,
        likes: 5,
      },
      {
        from: 'rodbuilder_rob',
        text: 'Also check the bail spring snaps closed crisply.',
        after: 2,
        likes: 2,
      },
      {
        from: 'moderator',
        text: 'Tip: use Make an offer and message the seller with questions before buying.',
        after: 3,
      },
    ],
  },
  {
    author: 'pike_patrol',
    category: 'For Sale Questions',
    title: 'Shipping rods safely: PVC tube or box?',
    content: `Sold my first rod here. How do you all ship rods?

I was thinking a **PVC pipe** with end caps, rod wrapped in bubble wrap. Is that overkill?`,
    ago: 85,
    likes: 5,
    comments: [
      {
        from: 'rodbuilder_rob',
        text: 'PVC is the safest. Tape the caps and mark it fragile.',
        after: 2,
        likes: 4,
      },
      {
        from: 'musky_mike',
        text: 'Rod tubes from the big box store work too, and they are lighter.',
        after: 6,
      },
    ],
  },
  {
    author: 'snook_sara',
    category: 'For Sale Questions',
    title: 'Fair price for a lightly used 8wt fly combo?',
    tags: ['redfish', 'fly'],
    content: `Thinking of selling my **8wt** combo: rod used one season, reel has a few scratches.

What do these usually go for? I don't want to overprice it.`,
    ago: 140,
    likes: 4,
    comments: [
      {
        from: 'tarpon_tess',
        text: 'Search sold listings here by brand; that is the best guide.',
        after: 3,
        likes: 2,
      },
    ],
  },
  {
    author: 'bluegill_bea',
    category: 'General',
    title: 'Kids fishing day was a success!',
    content: `We took **32 kids** to the pond for their first fish.

- 29 caught at least one bluegill
- One 2 lb bass caused a lot of screaming
- *Zero* tangles that could not be fixed (miracle)

Thanks to everyone who donated rods. @troutbum your knot guide was on every table.`,
    ago: 36,
    photos: [['combo', 1]],
    likes: 35,
    comments: [
      { from: 'troutbum', text: 'This made my day. Well done!', after: 1, likes: 6 },
      { from: 'crappie_kim', text: 'Love it. Next generation of anglers!', after: 2, likes: 3 },
      {
        from: 'admin',
        text: 'Wonderful. Let us know if Castline can help with the next one.',
        after: 4,
        likes: 4,
      },
    ],
  },
  {
    author: 'sturgeon_stella',
    category: 'General',
    title: 'Catch and release etiquette for really big fish',
    tags: ['halibut'],
    content: `A few reminders for **sturgeon** and other giants:

- Keep them *in the water* when you can
- Support the belly, never lift by the gills
- Have your camera ready before the fish is landed

They are older than most of us. Treat them that way.`,
    ago: 220,
    likes: 19,
    comments: [
      { from: 'halibut_hank', text: 'Great reminders. Same goes for big halibut we release.', after: 5 },
      { from: 'carp_whisperer', text: 'And wet hands!', after: 7, likes: 2 },
    ],
  },
  {
    author: 'carp_whisperer',
    category: 'General',
    title: 'Urban fishing spots: what is your favourite city water?',
    content: `Chicago's harbours have surprisingly good **carp on the fly**.

Where do you fish in the city? Bonus points for *weird* spots.`,
    ago: 8,
    likes: 3,
    comments: [
      { from: 'mackerel_mo', text: 'Portland ME waterfront, mackerel off the piers in summer.', after: 1 },
      {
        from: 'musky_mike',
        text: 'There are musky in the Milwaukee river downtown. Seriously.',
        after: 2,
        likes: 1,
      },
    ],
  },
  {
    author: 'kayak_kai',
    category: 'General',
    title: 'Kayak safety checklist before you paddle out',
    content: `My checklist:

- [ ] PFD **on**, not stowed
- [ ] Whistle and light
- [ ] Float plan left with someone
- [ ] Check the wind forecast (and the *tide*)
- [ ] Leash everything you love

What did I miss?`,
    ago: 300,
    likes: 15,
    comments: [
      { from: 'salty_sue', text: 'A VHF radio if you go offshore at all.', after: 2, likes: 5 },
      { from: 'surfcaster', text: 'A knife you can reach with one hand.', after: 4, likes: 2 },
    ],
  },
];

/** Copies a demo listing photo into the forum bucket (or paints it when the listings seed did not run). */
async function forumPhoto(storage: FileStorage, category: Category, variant: number): Promise<string> {
  const key = `forum-images/demo-${category}-${variant}.webp`;
  if (await storage.exists(key)) return storage.publicUrl(key);
  const source = await storage.get(`product-images/demo-${category}-${variant}.webp`);
  const body = source ? source.body : await gearPhotoWebp(category, variant);
  return storage.put(key, body, 'image/webp');
}

/**
 * Demo forum: posts over every category with Markdown, some with photos, comments, likes and
 * mention notifications. Rows are inserted in bulk; counters are then computed from them in SQL.
 */
/** Who follows what in the demo: watched categories and topics tell of every comment; muted topics leave lists. */
const WATCHES: { member: string; category?: ForumCategory; title?: string; level: 'watching' | 'muted' }[] = [
  { member: 'captain_ahab', category: 'Gear Talk', level: 'watching' },
  { member: 'flyfisher_fran', title: 'Spinning vs. baitcasting for a first bass setup?', level: 'watching' },
  { member: 'captain_ahab', title: 'Kids fishing day was a success!', level: 'muted' },
  { member: 'landlubber', category: 'Fishing Reports', level: 'muted' },
];

/** What the demo members bookmarked: topics by title, or a comment of one (its index). */
const BOOKMARKS: { member: string; title: string; comment?: number }[] = [
  { member: 'captain_ahab', title: 'Restoring a Penn Senator 4/0: before and after' },
  { member: 'captain_ahab', title: 'Spinning vs. baitcasting for a first bass setup?', comment: 0 },
  { member: 'captain_ahab', title: 'Welcome to the Community: read this first' },
  { member: 'landlubber', title: 'How do I know if a used reel is in good shape?' },
];

/** Unpublished writing the composer puts back: a new topic, and a reply that answers a comment. */
const DRAFTS: { member: string; title?: string; comment?: number; data: Record<string, unknown> }[] = [
  {
    member: 'captain_ahab',
    data: {
      title: 'First ice on the big lake: who has been out?',
      category: 'Fishing Reports',
      content:
        'Thinking of trying the north bay this weekend. Last year it was safe by the first week of December, but',
      images: [],
    },
  },
  {
    member: 'flyfisher_fran',
    title: 'Spinning vs. baitcasting for a first bass setup?',
    comment: 0,
    data: { content: 'Agreed on spinning first. One thing I would add: ' },
  },
];

export async function seedDemoForum(
  db: Database,
  storage: FileStorage,
  now = Date.now(),
): Promise<ForumSeedCounts> {
  const people = await db.select({ id: profiles.id, username: profiles.username }).from(profiles);
  const byName = new Map(people.map((p) => [p.username.toLowerCase(), p]));
  const seeded = POSTS.filter((p) => byName.has(p.author));
  if (seeded.length === 0) return { posts: 0, comments: 0, likes: 0 };

  const photoUrls = new Map<string, string>();
  for (const [category, variant] of seeded.flatMap((p) => p.photos ?? [])) {
    const key = `${category}:${variant}`;
    if (!photoUrls.has(key)) photoUrls.set(key, await forumPhoto(storage, category, variant));
  }

  const random = createRandom(11);
  /** `count` distinct members other than `exclude`, picked deterministically. */
  const likers = (count: number, exclude: string): string[] => {
    const pool = people.filter((p) => p.id !== exclude).map((p) => p.id);
    for (let i = pool.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, Math.min(count, pool.length));
  };

  return db.transaction(async (tx) => {
    const postRows = seeded.map((p) => {
      const createdAt = new Date(now - p.ago * HOUR_MS);
      return {
        title: p.title,
        content: p.content,
        category: p.category,
        author_id: byName.get(p.author)!.id,
        images: (p.photos ?? []).map(([category, variant]) => photoUrls.get(`${category}:${variant}`)!),
        tags: p.tags ?? demoTagsOf({ text: `${p.title} ${p.content}` }),
        created_at: createdAt,
        updated_at: createdAt,
        last_activity_at: createdAt,
        pinned_at: p.pinned ? createdAt : null,
        locked_at: p.locked ? createdAt : null,
      };
    });
    const insertedPosts = await tx.insert(posts).values(postRows).returning({ id: posts.id });

    const commentRows: (typeof postComments.$inferInsert)[] = [];
    const commentLikeCounts: { likes: number; author: string }[] = [];
    const postLikeRows: (typeof postLikes.$inferInsert)[] = [];
    /** Mentions to notify; a comment's id is known once the comments are inserted. */
    const mentions: { recipientId: string; source: MentionSource; when: Date; commentIndex?: number }[] = [];
    const mention = (text: string, source: MentionSource, when: Date, commentIndex?: number) => {
      for (const name of extractMentions(text)) {
        const recipient = byName.get(name);
        if (!recipient || recipient.id === source.sender.id) continue;
        mentions.push({
          recipientId: recipient.id,
          source,
          when,
          ...(commentIndex === undefined ? {} : { commentIndex }),
        });
      }
    };

    /** Who each comment tells, as the app does: whom it answers, then quotes, then mentions; each once. */
    const notices: { notification: ReturnType<typeof mentionNotification>; when: Date }[] = [];
    /** Where each member last wrote in each topic: their read position starts there. */
    const wroteAt = new Map<string, Date>();
    const wrote = (userId: string, postId: string, at: Date) => {
      const key = `${userId}:${postId}`;
      const before = wroteAt.get(key);
      if (!before || before < at) wroteAt.set(key, at);
    };

    seeded.forEach((p, index) => {
      const postId = insertedPosts[index]!.id;
      const author = byName.get(p.author)!;
      const createdAt = postRows[index]!.created_at;
      wrote(author.id, postId, createdAt);
      mention(p.content, { postId, postTitle: p.title, sender: author }, createdAt);
      for (const userId of likers(p.likes, author.id)) {
        postLikeRows.push({ post_id: postId, user_id: userId, created_at: createdAt });
      }
      const ids: string[] = [];
      const threads: (string | null)[] = [];
      const authors: { id: string; username: string }[] = [];
      for (const comment of p.comments ?? []) {
        const from = byName.get(comment.from);
        if (!from) continue;
        const id = randomUUID();
        const at = new Date(Math.min(now, createdAt.getTime() + comment.after * HOUR_MS));
        const parent = comment.replyTo === undefined ? undefined : comment.replyTo;
        const replyToId = parent === undefined ? null : (ids[parent] ?? null);
        const threadId = parent === undefined || !replyToId ? null : (threads[parent] ?? replyToId);
        const quoted = comment.quote;
        const quotedAuthor =
          quoted === undefined ? undefined : quoted.of === 'post' ? author : authors[quoted.of];
        const content =
          quoted && quotedAuthor
            ? quoteMarkdown(
                quotedAuthor.username,
                quoted.of === 'post' ? { kind: 'post' } : { kind: 'comment', commentId: ids[quoted.of]! },
                quoted.words,
              ) + comment.text
            : comment.text;
        const source = { postId, postTitle: p.title, commentId: id, sender: from };
        const told = new Set<string>([from.id]);
        const repliedTo = replyToId ? authors[parent!]! : author;
        if (!told.has(repliedTo.id)) {
          told.add(repliedTo.id);
          notices.push({
            notification: addressedNotification(repliedTo.id, replyToId ? 'reply' : 'reply_to_post', source),
            when: at,
          });
        }
        if (quotedAuthor && !told.has(quotedAuthor.id)) {
          told.add(quotedAuthor.id);
          notices.push({ notification: addressedNotification(quotedAuthor.id, 'quote', source), when: at });
        }
        for (const name of extractMentions(comment.text)) {
          const recipient = byName.get(name);
          if (!recipient || told.has(recipient.id)) continue;
          told.add(recipient.id);
          notices.push({ notification: mentionNotification(recipient.id, source), when: at });
        }
        for (const watch of WATCHES) {
          const watcher = byName.get(watch.member);
          const follows =
            watch.level === 'watching' && (watch.category === p.category || watch.title === p.title);
          const mutedHere = WATCHES.some(
            (other) => other.member === watch.member && other.level === 'muted' && other.title === p.title,
          );
          if (!watcher || !follows || mutedHere || told.has(watcher.id)) continue;
          told.add(watcher.id);
          notices.push({ notification: addressedNotification(watcher.id, 'watched', source), when: at });
        }
        ids.push(id);
        threads.push(threadId);
        authors.push(from);
        wrote(from.id, postId, at);
        commentRows.push({
          id,
          post_id: postId,
          author_id: from.id,
          content,
          reply_to_id: replyToId,
          thread_id: threadId,
          created_at: at,
          updated_at: at,
        });
        commentLikeCounts.push({ likes: comment.likes ?? 0, author: from.id });
      }
    });

    const insertedComments =
      commentRows.length > 0
        ? await tx.insert(postComments).values(commentRows).returning({ id: postComments.id })
        : [];
    const commentLikeRows = insertedComments.flatMap((comment, index) =>
      likers(commentLikeCounts[index]!.likes, commentLikeCounts[index]!.author).map((userId) => ({
        comment_id: comment.id,
        user_id: userId,
      })),
    );
    if (postLikeRows.length > 0) await tx.insert(postLikes).values(postLikeRows);
    if (commentLikeRows.length > 0) await tx.insert(commentLikes).values(commentLikeRows);
    const notificationRows = [
      ...mentions.map(({ recipientId, source, when }) => ({
        notification: mentionNotification(recipientId, source),
        when,
      })),
      ...notices,
    ].map(({ notification, when }) => ({
      ...notification,
      read: now - when.getTime() > 24 * HOUR_MS,
      created_at: when,
      updated_at: when,
    }));
    if (notificationRows.length > 0) await tx.insert(notifications).values(notificationRows);

    // Reading: the demo's signed-in members have read some topics to the end, some only up to
    // the post (their comments since are unread), and never opened others; writers have read
    // up to what they wrote.
    const readers = ['captain_ahab', 'flyfisher_fran', 'landlubber']
      .map((name) => byName.get(name))
      .filter((reader) => reader !== undefined);
    const readRows: (typeof forumReads.$inferInsert)[] = [];
    seeded.forEach((_p, index) => {
      const postId = insertedPosts[index]!.id;
      for (const reader of readers) {
        const own = wroteAt.get(`${reader.id}:${postId}`);
        const habit = (index + reader.username.length) % 3;
        const upTo = habit === 2 ? new Date(now) : habit === 1 ? postRows[index]!.created_at : undefined;
        const at = own && (!upTo || own > upTo) ? own : upTo;
        if (at) readRows.push({ user_id: reader.id, post_id: postId, read_up_to: at, updated_at: at });
      }
    });
    if (readRows.length > 0) await tx.insert(forumReads).values(readRows);

    const postIdOf = (title: string) => insertedPosts[seeded.findIndex((p) => p.title === title)]?.id;
    const watchRows = WATCHES.flatMap((watch) => {
      const watcher = byName.get(watch.member);
      const target = watch.category ?? (watch.title ? postIdOf(watch.title) : undefined);
      if (!watcher || !target) return [];
      return [
        {
          user_id: watcher.id,
          target_type: watch.category ? 'category' : 'post',
          target,
          level: watch.level,
        },
      ];
    });
    if (watchRows.length > 0) await tx.insert(forumWatches).values(watchRows);
    const bookmarkRows = BOOKMARKS.flatMap((bookmark) => {
      const keeper = byName.get(bookmark.member);
      const postId = postIdOf(bookmark.title);
      if (!keeper || !postId) return [];
      const commentId =
        bookmark.comment === undefined
          ? null
          : (commentRows.filter((c) => c.post_id === postId)[bookmark.comment]?.id ?? null);
      return [
        { user_id: keeper.id, post_id: postId, comment_id: commentId, created_at: new Date(now - HOUR_MS) },
      ];
    });
    if (bookmarkRows.length > 0) await tx.insert(forumBookmarks).values(bookmarkRows);
    const draftRows = DRAFTS.flatMap((draft) => {
      const writer = byName.get(draft.member);
      const postId = draft.title === undefined ? null : postIdOf(draft.title);
      if (!writer || postId === undefined) return [];
      const replyTo =
        postId === null || draft.comment === undefined
          ? null
          : (commentRows.filter((c) => c.post_id === postId)[draft.comment]?.id ?? null);
      const data = postId === null ? draft.data : { ...draft.data, reply_to_id: replyTo };
      return [{ user_id: writer.id, post_id: postId, data, updated_at: new Date(now - 3 * HOUR_MS) }];
    });
    if (draftRows.length > 0) await tx.insert(forumDrafts).values(draftRows);

    // Counters from the rows themselves.
    await tx.execute(sql`
      update post_comments c set likes_count = (select count(*) from comment_likes l where l.comment_id = c.id)`);
    await tx.execute(sql`
      update posts p set
        likes_count = (select count(*) from post_likes l where l.post_id = p.id),
        comments_count = (select count(*) from post_comments c where c.post_id = p.id),
        last_activity_at = greatest(p.created_at, coalesce((select max(c.created_at) from post_comments c where c.post_id = p.id), p.created_at))`);
    await tx.execute(sql`
      update profiles pr set
        posts_count = (select count(*) from posts p where p.author_id = pr.id),
        comments_count = (select count(*) from post_comments c where c.author_id = pr.id),
        likes_count =
          (select coalesce(sum(p.likes_count), 0) from posts p where p.author_id = pr.id) +
          (select coalesce(sum(c.likes_count), 0) from post_comments c where c.author_id = pr.id)`);

    return {
      posts: insertedPosts.length,
      comments: insertedComments.length,
      likes: postLikeRows.length + commentLikeRows.length,
    };
  });
}
