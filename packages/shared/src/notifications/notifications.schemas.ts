import { z } from 'zod';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES } from './notification-type-constants.js';

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** The data fields a notification may carry (spec 001 §3); all optional. */
export const NotificationData = z
  .object({
    messageId: z.string(),
    senderId: z.string(),
    senderName: z.string(),
    senderAvatar: z.string().nullable(),
    messageContent: z.string(),
    conversationId: z.string(),
    alertNotificationId: z.string(),
    productId: z.string(),
    alertId: z.string(),
    productName: z.string(),
    /** PRODUCT_ALERT: the listing's first photo and its price (dollars). */
    productImage: z.string().nullable(),
    productPrice: z.number(),
    alertName: z.string(),
    is_seller: z.boolean(),
    product_id: z.string(),
    offerId: z.string(),
    amount: z.number(),
    postId: z.string(),
    /** The forum post's title (filled in by GET /api/notifications for forum notifications). */
    postTitle: z.string(),
    commentId: z.string(),
    orderId: z.string(),
  })
  .partial();
export type NotificationData = z.infer<typeof NotificationData>;

export const NotificationDto = z.object({
  id: z.string(),
  user_id: z.string(),
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  data: NotificationData,
  read: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

/** GET /api/notifications: the latest 100, newest first, and the unread count. */
export const NotificationListDto = z.object({
  items: z.array(NotificationDto),
  unread_count: z.number().int(),
});
export type NotificationListDto = z.infer<typeof NotificationListDto>;

export const NotificationIdParams = z.object({
  id: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }),
});
export type NotificationIdParams = z.infer<typeof NotificationIdParams>;

/** POST /api/notifications/read: several of the caller's notifications at once (a group's). */
export const MarkNotificationsReadBody = z
  .object({
    ids: z
      .array(z.uuid({ error: NOTIFICATION_MESSAGES.notFound }), { error: NOTIFICATION_MESSAGES.notFound })
      .min(1, NOTIFICATION_MESSAGES.notFound)
      .max(100, NOTIFICATION_MESSAGES.notFound),
  })
  .strict();
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

/** POST /api/notifications/sync: how many missing notifications were created (spec 001 §4). */
export const SyncNotificationsDto = z.object({
  created: z.number().int(),
});
export type SyncNotificationsDto = z.infer<typeof SyncNotificationsDto>;
