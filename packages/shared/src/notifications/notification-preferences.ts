// Plain values only (no zod): the settings page and the notification lists read these.
import type { NotificationType } from './notifications.schemas.js';

/** Where a notification reaches a member. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In Castline',
  email: 'Email',
};

/** The kinds of notification a member chooses about, in the settings page's order. */
export const NOTIFICATION_CATEGORIES = [
  'messages',
  'offers',
  'orders',
  'mentions',
  'replies',
  'watched_topics',
  'alert_matches',
  'listing_news',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * The category of every notification type: the one map the writer, the email notifier and the
 * settings page read. A new type gets its preferences by one line here (the compiler asks for it).
 * A category shows on the settings page once a type maps to it.
 */
export const NOTIFICATION_CATEGORY_OF = {
  NEW_MESSAGE: 'messages',
  NEW_OFFER: 'offers',
  OFFER_RECEIVED: 'offers',
  OFFER_ACCEPTED: 'offers',
  OFFER_REJECTED: 'offers',
  OFFER_CANCELLED: 'offers',
  OFFER_COUNTERED: 'offers',
  ORDER_UPDATE: 'orders',
  REVIEW: 'orders',
  MENTION: 'mentions',
  REPLY: 'replies',
  QUOTE: 'replies',
  WATCHED_TOPIC: 'watched_topics',
  PRODUCT_ALERT: 'alert_matches',
  PRODUCT_SOLD: 'listing_news',
  LISTING_REVIEWED: 'listing_news',
} as const satisfies Record<NotificationType, NotificationCategory>;

export const NOTIFICATION_CATEGORY_LABELS: Record<
  NotificationCategory,
  { label: string; description: string }
> = {
  messages: { label: 'Messages', description: 'Another member sends you a message.' },
  offers: {
    label: 'Offers',
    description: 'Offers on your gear, and answers to the offers and counter-offers you make.',
  },
  orders: {
    label: 'Orders',
    description: 'Each step of your purchases and sales, and the reviews of your orders.',
  },
  mentions: { label: 'Mentions', description: 'Someone @mentions you in the forum.' },
  replies: { label: 'Replies', description: 'Someone replies to or quotes your forum posts and comments.' },
  watched_topics: {
    label: 'Watched topics',
    description: 'New comments in the forum topics and categories you watch.',
  },
  alert_matches: {
    label: 'Saved search matches',
    description: 'A new listing matches one of your saved searches.',
  },
  listing_news: {
    label: 'Listings',
    description: 'Gear you bought is marked sold to you, and staff review a listing of yours.',
  },
};

export interface NotificationPreference {
  in_app: boolean;
  email: boolean;
}

/**
 * What a member gets until they choose: everything in Castline, and email about their orders, as
 * before preferences per category existed (message and offer emails were opt-in, order emails on).
 */
export const NOTIFICATION_PREFERENCE_DEFAULTS: Record<NotificationCategory, NotificationPreference> = {
  messages: { in_app: true, email: false },
  offers: { in_app: true, email: false },
  orders: { in_app: true, email: true },
  mentions: { in_app: true, email: false },
  replies: { in_app: true, email: false },
  watched_topics: { in_app: true, email: false },
  alert_matches: { in_app: true, email: false },
  listing_news: { in_app: true, email: false },
};

/** The category of a notification type (an unknown type counts as listing news). */
export function notificationCategoryOf(type: NotificationType | string): NotificationCategory {
  return (NOTIFICATION_CATEGORY_OF as Record<string, NotificationCategory>)[type] ?? 'listing_news';
}

/** The categories some notification type belongs to: the ones the settings page shows and takes. */
export function activeNotificationCategories(): NotificationCategory[] {
  const used = new Set<string>(Object.values(NOTIFICATION_CATEGORY_OF));
  return NOTIFICATION_CATEGORIES.filter((category) => used.has(category));
}

/** A member's choices: the stored ones over the defaults. */
export type NotificationPreferenceMap = Record<NotificationCategory, NotificationPreference>;

export function notificationPreferenceMap(
  stored: readonly ({ category: string } & NotificationPreference)[],
): NotificationPreferenceMap {
  const map = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [category, { ...NOTIFICATION_PREFERENCE_DEFAULTS[category] }]),
  ) as NotificationPreferenceMap;
  for (const row of stored) {
    if ((NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)) {
      map[row.category as NotificationCategory] = { in_app: row.in_app, email: row.email };
    }
  }
  return map;
}

/** Whether a member with these choices gets a notification of `type` through `channel`. */
export function wantsNotification(
  preferences: NotificationPreferenceMap,
  type: NotificationType | string,
  channel: NotificationChannel,
): boolean {
  return preferences[notificationCategoryOf(type)][channel];
}

/** Notification emails one at a time, or one mail a day. */
export const EMAIL_DELIVERIES = ['each', 'daily'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

export const EMAIL_DELIVERY_LABELS: Record<EmailDelivery, { label: string; description: string }> = {
  each: { label: 'One email each', description: 'An email as each notification happens.' },
  daily: {
    label: 'A daily digest',
    description: 'One email a day, around 07:00 UTC, with everything from the day before.',
  },
};

/** The digest goes out once a day at this hour (UTC). */
export const NOTIFICATION_DIGEST_HOUR_UTC = 7;

/** The next digest time after `now`. */
export function nextDigestAt(now: Date): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NOTIFICATION_DIGEST_HOUR_UTC),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  invalid: 'Choose on or off for each kind of notification, and one email delivery',
  nothingToChange: 'Say which notification preferences to change',
} as const;
