import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import {
  alertMatchMessage,
  messagePreviewText,
  NOTIFICATION_MESSAGES,
  OFFER_EXPIRY_MS,
  type AlertFilters,
  type Category,
  type Condition,
  type NotificationType,
  type OfferStatus,
} from '@castline/shared';
import type { Database } from '../db/client.js';
import {
  alertNotifications,
  conversationPreferences,
  messages,
  notifications,
  offers,
  productAlerts,
  products,
  profiles,
} from '../db/schema/index.js';
import { alertMatchesListing, matchColumnsOf } from '../modules/alerts/index.js';
import { newMessageNotification, type NotificationInsert } from '../modules/notifications/index.js';
import { offerNotifications, type NotifiedOffer } from '../modules/offers/index.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { gearPhotoWebp } from './gear-photo.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface SocialSeedCounts {
  messages: number;
  offers: number;
  alerts: number;
  alertMatches: number;
  notifications: number;
}

interface Member {
  id: string;
  username: string;
  avatar_url: string | null;
}

interface Listing {
  id: string;
  title: string;
  price: number;
  seller_id: string;
  category: Category;
  condition: Condition;
}

/**
 * A demo listing the seeded talk is about: the n-th (newest first) of a seller's public listings
 * that fit what is said of it (a reel that was serviced, a rod for the surf, ...).
 */
interface ListingRef {
  seller: string;
  index: number;
  categories?: Category[];
  conditions?: Condition[];
  title?: RegExp;
}

const GEAR: Category[] = ['rods', 'reels', 'combo'];
/** Rita's serviced reel: a reel or combo that has been fished. */
const RITA_REEL: ListingRef = {
  seller: 'reel_rita',
  index: 0,
  categories: ['reels', 'combo'],
  conditions: ['like new', 'good', 'fair'],
};
const AHAB_GEAR = (index: number): ListingRef => ({ seller: 'captain_ahab', index, categories: GEAR });
/** Tom's offshore gear, good for bluefin. */
const TOM_GEAR: ListingRef = { seller: 'tuna_tom', index: 0, categories: GEAR };
const SUE_GEAR: ListingRef = { seller: 'salty_sue', index: 0, categories: GEAR };
/** Eli's fly rod or combo from the Davidson. */
const TROUTBUM_ROD: ListingRef = { seller: 'troutbum', index: 0, categories: ['rods', 'combo'] };
/** Fran's heavier fly rod or combo: 8 to 10 weights are striper rods. */
const FRAN_STRIPER_ROD: ListingRef = {
  seller: 'flyfisher_fran',
  index: 0,
  categories: ['rods', 'combo'],
  title: /\b(8|9|10)wt\b/,
};
const FRAN_GEAR: ListingRef = { seller: 'flyfisher_fran', index: 0, categories: GEAR };

/** Whether a listing of `seller` is one that `ref` may name (any index). */
const fitsRef = (ref: ListingRef, seller: string, l: Pick<Listing, 'category' | 'condition' | 'title'>) =>
  ref.seller === seller &&
  (!ref.categories || ref.categories.includes(l.category)) &&
  (!ref.conditions || ref.conditions.includes(l.condition)) &&
  (!ref.title || ref.title.test(l.title));

/** A line of a seeded conversation: who wrote it, how long ago, and whether its reader has seen it. */
interface Line {
  from: string;
  text: string | ((listing: Listing | null) => string);
  ago: number;
  unread?: boolean;
  /** Photos sent with the line (of the conversation's listing's kind of gear). */
  photos?: number;
}

interface SeededConversation {
  between: [string, string];
  /** The listing the conversation started from. */
  about?: ListingRef;
  lines: Line[];
  /** The member who archived it (it shows in their Archived view). */
  archivedBy?: string;
  /** The member who muted it. */
  mutedBy?: string;
}

interface SeededOffer {
  buyer: string;
  listing: ListingRef;
  /** Share of the asking price offered (offers are in whole dollars). */
  share: number;
  made: number;
  status: OfferStatus;
  /** When the seller (or for cancels and accepted counters, the buyer) answered. */
  answered?: number;
  counterShare?: number;
  note?: string;
  counterNote?: string;
}

interface SeededAlert {
  owner: string;
  name: string;
  filters: AlertFilters;
  created: number;
  /** Paused this long ago (matches only listings from before then). */
  pausedAgo?: number;
}

const titleOf = (listing: Listing | null, fallback = 'your listing') => listing?.title ?? fallback;

/**
 * Demo photos a member sends in a message: copies of the demo gear photos of the listing's kind,
 * stored in the message-images bucket under the sender's name (`<id>-demo-…`), as an upload of
 * theirs would be (canAttachMessagePhoto).
 */
async function messagePhotos(
  storage: FileStorage,
  senderId: string,
  listing: Listing | null,
  count: number,
): Promise<string[]> {
  const category: Category = listing?.category ?? 'tackle';
  const urls: string[] = [];
  for (let variant = 0; variant < count; variant += 1) {
    const key = `message-images/${senderId}-demo-${category}-${variant}.webp`;
    if (await storage.exists(key)) {
      urls.push(storage.publicUrl(key));
      continue;
    }
    const source = await storage.get(`product-images/demo-${category}-${variant}.webp`);
    const body = source ? source.body : await gearPhotoWebp(category, variant);
    urls.push(await storage.put(key, body, 'image/webp'));
  }
  return urls;
}

/** Conversations between demo members; the unread ones make the badges of captain_ahab and flyfisher_fran live. */
const CONVERSATIONS: SeededConversation[] = [
  {
    between: ['captain_ahab', 'reel_rita'],
    about: RITA_REEL,
    lines: [
      {
        from: 'captain_ahab',
        text: (l) => `Hi Rita, is the ${titleOf(l)} still available? Would you ship to Nantucket?`,
        ago: 3 * DAY_MS,
      },
      {
        from: 'reel_rita',
        text: 'Hi Abe! Still here. I can ship Priority Mail, usually three days to the Cape.',
        ago: 3 * DAY_MS - 40 * MINUTE_MS,
      },
      { from: 'captain_ahab', text: 'Great. Has it been serviced recently?', ago: 2 * DAY_MS },
      {
        from: 'reel_rita',
        text: 'Cleaned and re-greased last month, with new carbon drag washers.',
        ago: 5 * HOUR_MS,
        unread: true,
      },
      {
        from: 'reel_rita',
        text: 'Happy to send more photos of the spool and handle if that helps.',
        ago: 5 * HOUR_MS - 6 * MINUTE_MS,
        unread: true,
      },
      // Photos only, like a messenger: no text.
      { from: 'reel_rita', text: '', ago: 5 * HOUR_MS - 8 * MINUTE_MS, unread: true, photos: 2 },
    ],
  },
  {
    between: ['salty_sue', 'captain_ahab'],
    about: AHAB_GEAR(0),
    lines: [
      {
        from: 'salty_sue',
        text: (l) => `Would you consider a trade plus cash for the ${titleOf(l)}? I have kayak rod holders.`,
        ago: 70 * MINUTE_MS,
        unread: true,
      },
    ],
  },
  {
    between: ['captain_ahab', 'tuna_tom'],
    about: TOM_GEAR,
    lines: [
      { from: 'tuna_tom', text: 'Bluefin showed up off Chatham this morning.', ago: 6 * DAY_MS },
      {
        from: 'captain_ahab',
        text: (l) => `Heading out Saturday. Is your ${titleOf(l, 'listing')} still for sale? I could use it.`,
        ago: 6 * DAY_MS - 30 * MINUTE_MS,
      },
      { from: 'tuna_tom', text: 'It is. Make me an offer and it is yours.', ago: 5 * DAY_MS },
      { from: 'captain_ahab', text: 'Done. Dock at 5 sharp on Saturday.', ago: 2 * DAY_MS },
      {
        from: 'tuna_tom',
        text: 'Here is the deck setup for Saturday.',
        ago: 2 * DAY_MS - 20 * MINUTE_MS,
        photos: 1,
      },
    ],
    mutedBy: 'captain_ahab',
  },
  {
    between: ['admin', 'captain_ahab'],
    lines: [
      {
        from: 'admin',
        text: "Welcome aboard Castline! Your Captain's Club alerts are under the club page.",
        ago: 9 * DAY_MS,
      },
      { from: 'captain_ahab', text: 'Thanks Maya, already set up a few.', ago: 9 * DAY_MS - 2 * HOUR_MS },
    ],
    archivedBy: 'captain_ahab',
  },
  {
    between: ['flyfisher_fran', 'troutbum'],
    about: TROUTBUM_ROD,
    lines: [
      { from: 'flyfisher_fran', text: (l) => `Is the ${titleOf(l)} still available?`, ago: 2 * DAY_MS },
      {
        from: 'troutbum',
        text: (l) =>
          l && (l.condition === 'new' || l.condition === 'like new')
            ? 'It is! Only used it on the Davidson a handful of times.'
            : 'It is! It has fished the Davidson for a few seasons and still casts beautifully.',
        ago: 2 * DAY_MS - 3 * HOUR_MS,
      },
      {
        from: 'flyfisher_fran',
        text: 'Would you take a little less? I sent an offer.',
        ago: 42 * HOUR_MS,
      },
      {
        from: 'troutbum',
        text: 'Sent you a counter. Shipping to Bozeman is included.',
        ago: 3 * HOUR_MS,
        unread: true,
      },
    ],
  },
  {
    between: ['captain_ahab', 'flyfisher_fran'],
    about: FRAN_STRIPER_ROD,
    lines: [
      {
        from: 'captain_ahab',
        text: (l) => `Fran, would the ${titleOf(l)} hold up to stripers off the beach?`,
        ago: DAY_MS,
      },
      {
        from: 'flyfisher_fran',
        text: 'That is what it is made for. Bring a stripping basket for the surf.',
        ago: 22 * HOUR_MS,
      },
      {
        from: 'captain_ahab',
        text: 'Sold on it. I just made you an offer.',
        ago: 30 * MINUTE_MS,
        unread: true,
      },
      {
        from: 'captain_ahab',
        text: 'Pickup at the ferry works for me, or I can pay for shipping.',
        ago: 28 * MINUTE_MS,
        unread: true,
      },
    ],
  },
  {
    between: ['landlubber', 'bassmaster_ben'],
    lines: [
      { from: 'landlubber', text: 'What line would you spool on a first spinning reel?', ago: 4 * DAY_MS },
      {
        from: 'bassmaster_ben',
        text: '8 lb mono to start. Cheap, forgiving and easy to tie.',
        ago: 4 * DAY_MS - HOUR_MS,
      },
      { from: 'landlubber', text: 'Thanks Ben, picking some up tomorrow.', ago: 4 * DAY_MS - 2 * HOUR_MS },
    ],
  },
  {
    between: ['moderator', 'flyfisher_fran'],
    lines: [
      {
        from: 'moderator',
        text: 'Thanks for reporting that duplicate listing, it has been taken down.',
        ago: 26 * HOUR_MS,
        unread: true,
      },
    ],
  },
];

/** Open and settled offers on demo listings, with the notifications each step sent. */
const OFFERS: SeededOffer[] = [
  {
    buyer: 'captain_ahab',
    listing: RITA_REEL,
    share: 0.85,
    made: 4 * HOUR_MS,
    status: 'pending',
    note: 'Can pay today.',
  },
  {
    buyer: 'flyfisher_fran',
    listing: AHAB_GEAR(0),
    share: 0.8,
    made: 2 * HOUR_MS,
    status: 'pending',
  },
  {
    buyer: 'bassmaster_ben',
    listing: AHAB_GEAR(1),
    share: 0.7,
    made: 26 * HOUR_MS,
    status: 'countered',
    answered: 20 * HOUR_MS,
    counterShare: 0.88,
    counterNote: 'Meet me in the middle and it is yours.',
  },
  {
    buyer: 'captain_ahab',
    listing: TOM_GEAR,
    share: 0.9,
    made: 2 * DAY_MS,
    status: 'accepted',
    answered: DAY_MS,
  },
  {
    buyer: 'captain_ahab',
    listing: SUE_GEAR,
    share: 0.5,
    made: 4 * DAY_MS,
    status: 'rejected',
    answered: 3 * DAY_MS,
  },
  {
    buyer: 'flyfisher_fran',
    listing: TROUTBUM_ROD,
    share: 0.75,
    made: 42 * HOUR_MS,
    status: 'countered',
    answered: 3 * HOUR_MS,
    counterShare: 0.9,
    counterNote: 'Shipping included.',
  },
  {
    buyer: 'captain_ahab',
    listing: FRAN_STRIPER_ROD,
    share: 0.85,
    made: 30 * MINUTE_MS,
    status: 'pending',
  },
  {
    buyer: 'walleye_will',
    listing: { ...FRAN_GEAR, index: 1 },
    share: 0.8,
    made: 3 * DAY_MS,
    status: 'cancelled',
    answered: 2 * DAY_MS,
  },
  {
    buyer: 'landlubber',
    listing: AHAB_GEAR(0),
    share: 0.6,
    made: 4 * DAY_MS,
    status: 'expired',
  },
  {
    buyer: 'surfcaster',
    listing: AHAB_GEAR(2),
    share: 0.9,
    made: 5 * DAY_MS,
    status: 'accepted',
    answered: 4 * DAY_MS,
  },
];

/** The listings the seeded talk says ship: Rita ships Priority Mail, Eli includes shipping, Abe offers to pay for it. */
const SAID_TO_SHIP: ListingRef[] = [RITA_REEL, TROUTBUM_ROD, FRAN_STRIPER_ROD];

/**
 * What the seeded talk and offers need of a demo listing's terms, whichever listing of its
 * seller they come to name: a listing that may get a demo offer takes offers, and one the talk
 * says ships, ships. The listing seed, which runs first, gives them those terms.
 */
export function termsTheTalkNeeds(
  seller: string,
  listing: Pick<Listing, 'category' | 'condition' | 'title'>,
): { takesOffers: boolean; ships: boolean } {
  return {
    takesOffers: OFFERS.some((offer) => fitsRef(offer.listing, seller, listing)),
    ships: SAID_TO_SHIP.some((ref) => fitsRef(ref, seller, listing)),
  };
}

/** Saved searches: captain_ahab's Captain's Club (one paused) and one of flyfisher_fran's. */
const ALERTS: SeededAlert[] = [
  {
    owner: 'captain_ahab',
    name: 'Saltwater reels under $500',
    filters: { category: ['reels'], gear_types: ['Saltwater'], price_max: 500 },
    created: 40 * DAY_MS,
  },
  { owner: 'captain_ahab', name: 'Penn gear', filters: { brand: 'Penn' }, created: 35 * DAY_MS },
  {
    owner: 'captain_ahab',
    name: 'Offshore combos',
    filters: { q: 'combo', category: ['combo'], gear_types: ['Saltwater'] },
    created: 30 * DAY_MS,
  },
  {
    owner: 'captain_ahab',
    name: 'Rods near Nantucket',
    filters: { category: ['rods'], lat: 41.2835, lng: -70.0995, radius: 150, location: 'Nantucket, MA' },
    created: 45 * DAY_MS,
  },
  {
    owner: 'captain_ahab',
    name: 'Daiwa reels',
    filters: { category: ['reels'], brand: 'Daiwa' },
    created: 60 * DAY_MS,
    pausedAgo: 8 * DAY_MS,
  },
  {
    owner: 'flyfisher_fran',
    name: 'Fly rods under $300',
    filters: { category: ['rods'], gear_types: ['Fly Fishing'], price_max: 300 },
    created: 30 * DAY_MS,
  },
];

/** Matches newer than this are still unread: the captain last went through his matches a week ago. */
const UNREAD_MATCHES_WITHIN_MS = 7 * DAY_MS;

/** A buyer's offer or a seller's counter: a share of the asking price in whole dollars, under it. */
const offerAmount = (price: number, share: number, floor = 0) =>
  Math.max(floor + 1, Math.min(price - 1, Math.round(price * share)));

/**
 * Fills a freshly seeded demo database with social activity: conversations (some unread for
 * captain_ahab and flyfisher_fran) with NEW_MESSAGE notifications for the unread messages, open
 * and settled offers with the notifications each step sent, and saved alerts with their matches
 * and PRODUCT_ALERT notifications. Some messages carry photos (stored in the message-images bucket
 * under their sender's name, given `storage`); captain_ahab has one conversation archived and one
 * muted. Bulk inserts in one transaction; runs only on the empty database the demo seed has just
 * filled.
 */
export async function seedDemoSocial(
  db: Database,
  storage?: FileStorage,
  now = Date.now(),
): Promise<SocialSeedCounts> {
  const at = (ago: number) => new Date(now - ago);
  const people = await db
    .select({ id: profiles.id, username: profiles.username, avatar_url: profiles.avatar_url })
    .from(profiles);
  const byName = new Map<string, Member>(people.map((p) => [p.username, p]));
  const publicListings = await db
    .select({
      id: products.id,
      title: products.title,
      price: products.price,
      seller_id: products.seller_id,
      category: products.category,
      condition: products.condition,
    })
    .from(products)
    .where(
      and(
        eq(products.sold, false),
        eq(products.deleted, false),
        eq(products.visible_in_marketplace, true),
        inArray(products.moderation_status, ['active', 'pending']),
        // Offers on listings put up before the offer was made.
        lt(products.created_at, at(6 * DAY_MS)),
      ),
    )
    .orderBy(desc(products.created_at), products.id);
  const listingOf = (ref: ListingRef | undefined): Listing | null => {
    if (!ref) return null;
    const seller = byName.get(ref.seller);
    const fitting = publicListings.filter(
      (l) =>
        l.seller_id === seller?.id &&
        fitsRef(ref, ref.seller, {
          category: l.category as Category,
          condition: l.condition as Condition,
          title: l.title,
        }),
    );
    return (fitting[ref.index] as Listing | undefined) ?? null;
  };

  const messageRows: (typeof messages.$inferInsert)[] = [];
  const offerRows: (typeof offers.$inferInsert)[] = [];
  const alertRows: (typeof productAlerts.$inferInsert)[] = [];
  const notificationRows: (typeof notifications.$inferInsert)[] = [];
  const notify = (row: NotificationInsert, when: Date, read: boolean) =>
    notificationRows.push({ ...row, read, created_at: when, updated_at: when });

  const preferenceRows: (typeof conversationPreferences.$inferInsert)[] = [];
  for (const conversation of CONVERSATIONS) {
    const [a, b] = conversation.between.map((name) => byName.get(name));
    if (!a || !b) continue;
    const listing = listingOf(conversation.about);
    for (const [index, line] of conversation.lines.entries()) {
      const sender = line.from === a.username ? a : b;
      const recipient = sender === a ? b : a;
      const sentAt = at(line.ago);
      const images =
        storage && line.photos ? await messagePhotos(storage, sender.id, listing, line.photos) : [];
      const content = typeof line.text === 'string' ? line.text : line.text(listing);
      if (!content && images.length === 0) continue;
      const id = randomUUID();
      const read = !line.unread;
      messageRows.push({
        id,
        sender_id: sender.id,
        recipient_id: recipient.id,
        content,
        images,
        read,
        read_at: read ? new Date(Math.min(now, sentAt.getTime() + 12 * MINUTE_MS)) : null,
        product_id: index === 0 ? (listing?.id ?? null) : null,
        created_at: sentAt,
        updated_at: sentAt,
      });
      if (!read) {
        const message = {
          id,
          sender_id: sender.id,
          recipient_id: recipient.id,
          content: messagePreviewText({ content, images }),
        };
        notify(newMessageNotification(message, sender), sentAt, false);
      }
    }
    for (const [by, setting] of [
      [conversation.archivedBy, 'archived_at'],
      [conversation.mutedBy, 'muted_at'],
    ] as const) {
      const member = by ? byName.get(by) : undefined;
      if (!member) continue;
      const partner = member === a ? b : a;
      const existing = preferenceRows.find(
        (row) => row.user_id === member.id && row.partner_id === partner.id,
      );
      if (existing) existing[setting] = at(HOUR_MS);
      else preferenceRows.push({ user_id: member.id, partner_id: partner.id, [setting]: at(HOUR_MS) });
    }
  }

  for (const seeded of OFFERS) {
    const buyer = byName.get(seeded.buyer);
    const listing = listingOf(seeded.listing);
    if (!buyer || !listing || listing.seller_id === buyer.id) continue;
    const seller = people.find((p) => p.id === listing.seller_id)!;
    const id = randomUUID();
    const amount = offerAmount(listing.price, seeded.share);
    const counter = seeded.counterShare ? offerAmount(listing.price, seeded.counterShare, amount) : null;
    const madeAt = at(seeded.made);
    const answeredAt = seeded.answered !== undefined ? at(seeded.answered) : null;
    const expiresAt =
      seeded.status === 'countered' && answeredAt
        ? new Date(answeredAt.getTime() + OFFER_EXPIRY_MS)
        : new Date(madeAt.getTime() + OFFER_EXPIRY_MS);
    const last = answeredAt ?? (seeded.status === 'expired' ? expiresAt : madeAt);
    offerRows.push({
      id,
      product_id: listing.id,
      buyer_id: buyer.id,
      seller_id: seller.id,
      amount,
      note: seeded.note ?? null,
      counter_amount: counter,
      counter_note: seeded.counterNote ?? null,
      status: seeded.status,
      expires_at: expiresAt,
      responded_at: answeredAt,
      created_at: madeAt,
      updated_at: last,
    });

    const offer: NotifiedOffer = {
      id,
      product_id: listing.id,
      buyer_id: buyer.id,
      seller_id: seller.id,
      title: listing.title,
    };
    const settled = seeded.status !== 'pending';
    notify(offerNotifications.received(offer, buyer.username, amount), madeAt, settled);
    const fresh = (when: Date) => now - when.getTime() < DAY_MS;
    switch (seeded.status) {
      case 'countered':
        notify(offerNotifications.countered(offer, seller.username, counter!), answeredAt!, false);
        break;
      case 'accepted':
        notify(offerNotifications.acceptedBySeller(offer, amount), answeredAt!, !fresh(answeredAt!));
        break;
      case 'rejected':
        notify(offerNotifications.rejectedBySeller(offer, amount), answeredAt!, true);
        break;
      case 'cancelled':
        notify(offerNotifications.cancelled(offer, buyer.username, amount), answeredAt!, true);
        break;
      case 'expired':
        notify(offerNotifications.expired(offer, amount), expiresAt, false);
        break;
      case 'pending':
        break;
    }
  }

  const alertOwners = new Set<string>();
  for (const seeded of ALERTS) {
    const owner = byName.get(seeded.owner);
    if (!owner) continue;
    alertOwners.add(owner.id);
    const createdAt = at(seeded.created);
    const changedAt = seeded.pausedAgo !== undefined ? at(seeded.pausedAgo) : createdAt;
    alertRows.push({
      id: randomUUID(),
      user_id: owner.id,
      name: seeded.name,
      filters: seeded.filters,
      is_active: seeded.pausedAgo === undefined,
      ...matchColumnsOf(seeded.filters),
      created_at: createdAt,
      updated_at: changedAt,
    });
  }

  let alertMatches = 0;
  await db.transaction(async (tx) => {
    if (messageRows.length > 0) await tx.insert(messages).values(messageRows);
    if (preferenceRows.length > 0) await tx.insert(conversationPreferences).values(preferenceRows);
    if (offerRows.length > 0) await tx.insert(offers).values(offerRows);
    if (alertRows.length > 0) await tx.insert(productAlerts).values(alertRows);

    // Each alert matched the listings put up while it was active, as the live matcher would
    // have (the same SQL predicate), at the time each listing appeared.
    const unreadAfter = new Date(now - UNREAD_MATCHES_WITHIN_MS).toISOString();
    const matched = await tx
      .insert(alertNotifications)
      .select((qb) =>
        qb
          .select({
            id: sql<string>`gen_random_uuid()`.as('id'),
            user_id: productAlerts.user_id,
            alert_id: productAlerts.id,
            product_id: products.id,
            is_read: sql<boolean>`${products.created_at} < ${unreadAfter}::timestamptz`.as('is_read'),
            created_at: sql<Date>`least(${products.created_at} + interval '2 minutes', now())`.as(
              'created_at',
            ),
          })
          .from(productAlerts)
          .innerJoin(
            products,
            and(
              ne(products.seller_id, productAlerts.user_id),
              eq(products.deleted, false),
              inArray(products.moderation_status, ['active', 'pending']),
              gt(products.created_at, productAlerts.created_at),
              or(eq(productAlerts.is_active, true), lt(products.created_at, productAlerts.updated_at)),
              alertMatchesListing,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ id: alertNotifications.id });
    alertMatches = matched.length;

    const rows = await tx
      .select({
        id: alertNotifications.id,
        user_id: alertNotifications.user_id,
        alert_id: alertNotifications.alert_id,
        is_read: alertNotifications.is_read,
        created_at: alertNotifications.created_at,
        alert_name: productAlerts.name,
        product_id: products.id,
        title: products.title,
      })
      .from(alertNotifications)
      .innerJoin(productAlerts, eq(productAlerts.id, alertNotifications.alert_id))
      .innerJoin(products, eq(products.id, alertNotifications.product_id))
      .where(inArray(alertNotifications.user_id, [...alertOwners]));
    for (const row of rows) {
      notify(
        {
          user_id: row.user_id,
          type: 'PRODUCT_ALERT' satisfies NotificationType,
          title: NOTIFICATION_MESSAGES.alertMatchTitle,
          message: alertMatchMessage(row.title, row.alert_name),
          data: {
            alertNotificationId: row.id,
            alertId: row.alert_id,
            alertName: row.alert_name,
            productId: row.product_id,
            product_id: row.product_id,
            productName: row.title,
          },
        },
        row.created_at,
        row.is_read,
      );
    }
    if (notificationRows.length > 0) await tx.insert(notifications).values(notificationRows);
  });

  return {
    messages: messageRows.length,
    offers: offerRows.length,
    alerts: alertRows.length,
    alertMatches,
    notifications: notificationRows.length,
  };
}
