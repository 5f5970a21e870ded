import type { NotificationDto, NotificationListDto } from '@castline/shared';
import { NotificationDto as NotificationSchema } from '@castline/shared';
import { member } from '../../../test/fixtures';

/*
 * Test data for notifications: valid NotificationDto values (parsed with the shared schema, so a
 * fixture can never drift from the contract), newest first as the server sends them.
 */

let counter = 0;

const DEFAULTS: Record<NotificationDto['type'], Pick<NotificationDto, 'title' | 'message' | 'data'>> = {
  NEW_OFFER: { title: 'New Offer', message: 'lake_caster offered $150', data: { is_seller: true } },
  OFFER_RECEIVED: {
    title: 'New Offer',
    message: 'lake_caster offered $150 on Shimano Stradic',
    data: { offerId: 'o_1', productId: 'l_1', product_id: 'l_1', amount: 150, is_seller: true },
  },
  OFFER_ACCEPTED: { title: 'Offer Accepted', message: 'Your offer was accepted', data: { is_seller: false } },
  OFFER_REJECTED: { title: 'Offer Rejected', message: 'Your offer was rejected', data: { is_seller: false } },
  OFFER_CANCELLED: { title: 'Offer Cancelled', message: 'The buyer cancelled their offer', data: {} },
  OFFER_COUNTERED: {
    title: 'Counter Offer',
    message: 'The seller countered with $170',
    data: { is_seller: false },
  },
  NEW_MESSAGE: {
    title: 'New Message',
    message: 'lake_caster: Is the reel still available?',
    data: { senderId: 'u_2', senderName: 'lake_caster', conversationId: 'u_1_u_2', messageId: 'm_1' },
  },
  PRODUCT_SOLD: {
    title: 'Item Sold',
    message: 'Shimano Stradic was marked as sold to you',
    data: { productId: 'l_9', productName: 'Shimano Stradic' },
  },
  LISTING_REVIEWED: {
    title: 'Listing approved',
    message: 'Your listing Shimano Stradic was approved and is now live',
    data: { productId: 'l_9', productName: 'Shimano Stradic' },
  },
  ORDER_UPDATE: {
    title: 'Order shipped',
    message: '"Shimano Stradic" is on its way with UPS (tracking 1Z999AA10123456784)',
    data: { orderId: 'o_1', productId: 'l_9', productName: 'Shimano Stradic', is_seller: false },
  },
  REVIEW: {
    title: 'New review',
    message:
      '@lake_caster reviewed your order for "Shimano Stradic"; leave yours to see it (visible to both on March 31, 2026 otherwise)',
    data: { orderId: 'o_1', productId: 'l_9', productName: 'Shimano Stradic', is_seller: true },
  },
  PRODUCT_ALERT: {
    title: 'Product Alert Match',
    message: 'Penn Slammer IV matches Saltwater reels',
    data: {
      alertNotificationId: 'an_1',
      alertId: 'a_1',
      alertName: 'Saltwater reels',
      productId: 'l_5',
      product_id: 'l_5',
      productName: 'Penn Slammer IV',
      productImage: null,
      productPrice: 189.99,
    },
  },
  MENTION: {
    title: 'You were mentioned',
    message: 'bassmaster_ben mentioned you in "Spring crappie report"',
    data: { postId: 'p_1', senderId: 'u_4', senderName: 'bassmaster_ben' },
  },
  REPLY: {
    title: 'New reply',
    message: 'bassmaster_ben replied to your comment in "Spring crappie report"',
    data: {
      postId: 'p_1',
      postTitle: 'Spring crappie report',
      senderId: 'u_4',
      senderName: 'bassmaster_ben',
    },
  },
  WATCHED_TOPIC: {
    title: 'Watched Topic',
    message: 'bassmaster_ben commented on "Spring crappie report"',
    data: {
      postId: 'p_1',
      postTitle: 'Spring crappie report',
      senderId: 'u_4',
      senderName: 'bassmaster_ben',
    },
  },
  QUOTE: {
    title: 'You were quoted',
    message: 'bassmaster_ben quoted you in "Spring crappie report"',
    data: {
      postId: 'p_1',
      postTitle: 'Spring crappie report',
      senderId: 'u_4',
      senderName: 'bassmaster_ben',
    },
  },
};

/** One notification for the signed-in test member; newer ones get later times. */
export function buildNotification(
  type: NotificationDto['type'],
  overrides: Partial<NotificationDto> = {},
): NotificationDto {
  counter += 1;
  const createdAt = new Date(Date.now() - (1000 - counter) * 60_000).toISOString();
  return NotificationSchema.parse({
    id: `n_${counter}`,
    user_id: member.id,
    type,
    ...DEFAULTS[type],
    read: false,
    created_at: createdAt,
    updated_at: createdAt,
    ...overrides,
  });
}

/** GET /api/notifications for these notifications (given newest first), counting the unread ones. */
export function notificationList(items: NotificationDto[]): NotificationListDto {
  return { items, unread_count: items.filter((item) => !item.read).length };
}

/** The routes every notifications view asks for: the list, the sync and the unread totals. */
export function notificationRoutes(items: NotificationDto[]) {
  const list = notificationList(items);
  return {
    'GET /api/notifications': { body: list },
    'POST /api/notifications/sync': { body: { created: 0 } },
    'GET /api/me/unread': { body: { messages: 0, notifications: list.unread_count } },
  };
}
