// Plain values only (no zod): the kinds of notification, their texts, the lists' tabs and where
// each one leads, for the notification lists without the schemas.
import type { NotificationDto, NotificationType } from './notifications.schemas.js';

/** Spec 001 §3. */
export const NOTIFICATION_TYPES = [
  'NEW_OFFER',
  'OFFER_RECEIVED',
  'OFFER_ACCEPTED',
  'OFFER_REJECTED',
  'OFFER_CANCELLED',
  'OFFER_COUNTERED',
  'NEW_MESSAGE',
  'PRODUCT_SOLD',
  'PRODUCT_ALERT',
  // Castline's own: a member was @mentioned in a forum post or comment.
  'MENTION',
  // Castline's own: staff approved or rejected a listing waiting for approval.
  'LISTING_REVIEWED',
  // Castline's own: an order moved (placed, paid, shipped, received, completed or cancelled).
  'ORDER_UPDATE',
  // Castline's own: the other side of an order reviewed it, both reviews showed, or a review got its reply.
  'REVIEW',
  // Castline's own: someone replied to the member's forum comment or topic.
  'REPLY',
  // Castline's own: someone quoted the member's forum post or comment.
  'QUOTE',
  // Castline's own: a new comment in a topic (or category) the member watches.
  'WATCHED_TOPIC',
] as const;

export const OFFER_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'NEW_OFFER',
  'OFFER_RECEIVED',
  'OFFER_ACCEPTED',
  'OFFER_REJECTED',
  'OFFER_CANCELLED',
  'OFFER_COUNTERED',
];

export const NOTIFICATION_MESSAGES = {
  markAlertFailed: 'Failed to mark product alert as read',
  notFound: 'Notification not found',
  alertMatchTitle: 'Product Alert Match',
  newMessageTitle: 'New Message',
} as const;

/** "{product} matches {alert}" (spec 001 §4). */
export function alertMatchMessage(listingTitle: string, alertName: string): string {
  return `${listingTitle} matches ${alertName}`;
}

/** The dropdown's and the page's tabs with the spec's empty texts (001 §2). */
export const NOTIFICATION_TABS = [
  { id: 'all', label: 'All', empty: 'No notifications', types: null },
  { id: 'offers', label: 'Offers', empty: 'No offer notifications', types: OFFER_NOTIFICATION_TYPES },
  { id: 'messages', label: 'Messages', empty: 'No message notifications', types: ['NEW_MESSAGE'] },
  { id: 'alerts', label: 'Saved searches', empty: 'No saved search notifications', types: ['PRODUCT_ALERT'] },
] as const satisfies readonly {
  id: string;
  label: string;
  empty: string;
  types: readonly NotificationType[] | null;
}[];
export type NotificationTabId = (typeof NOTIFICATION_TABS)[number]['id'];

/** Whether the notification belongs in a tab. */
export function inNotificationTab(tab: NotificationTabId, type: NotificationType): boolean {
  const entry = NOTIFICATION_TABS.find((t) => t.id === tab);
  return !entry?.types || (entry.types as readonly NotificationType[]).includes(type);
}

type HrefInput = Pick<NotificationDto, 'type' | 'message' | 'data'>;

/** True when the viewer is the seller the offer notification speaks to (spec 001 §4). */
function isSellerSide(notification: HrefInput): boolean {
  if (notification.data.is_seller !== undefined) return notification.data.is_seller;
  return notification.type === 'OFFER_CANCELLED' && /buyer cancelled/i.test(notification.message);
}

/**
 * Where clicking a notification goes (spec 001 §4): offer types to the profile's offers tabs by
 * role, messages to the conversation, sold to the product, alerts to the Captain's Club
 * notifications tab, anything else to the member's profile.
 */
export function notificationHref(notification: HrefInput, viewerId: string): string {
  const { data } = notification;
  switch (notification.type) {
    case 'OFFER_RECEIVED':
    case 'NEW_OFFER':
      return '/profile?tab=offers-received';
    case 'OFFER_CANCELLED':
    case 'OFFER_ACCEPTED':
    case 'OFFER_REJECTED':
    case 'OFFER_COUNTERED':
      return isSellerSide(notification) ? '/profile?tab=offers-received' : '/profile?tab=offers-made';
    case 'NEW_MESSAGE':
      if (data.conversationId) return `/messages/${data.conversationId}`;
      if (data.senderId) return `/messages?recipient=${data.senderId}`;
      return '/messages';
    case 'PRODUCT_SOLD':
    case 'LISTING_REVIEWED': {
      const listingId = data.productId ?? data.product_id;
      return listingId ? `/marketplace/${listingId}` : `/profile/${viewerId}`;
    }
    case 'PRODUCT_ALERT':
      return '/captains-club?tab=notifications';
    case 'ORDER_UPDATE':
    case 'REVIEW':
      return data.orderId ? `/orders/${data.orderId}` : '/orders';
    case 'MENTION':
    case 'REPLY':
    case 'QUOTE':
    case 'WATCHED_TOPIC':
      if (!data.postId) return `/profile/${viewerId}`;
      return data.commentId
        ? `/forum/post/${data.postId}#comment-${data.commentId}`
        : `/forum/post/${data.postId}`;
    default:
      return `/profile/${viewerId}`;
  }
}
