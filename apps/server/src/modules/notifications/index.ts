/** The notifications module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export {
  insertNotifications,
  messagePreview,
  newMessageNotification,
  publishNotifications,
  unreadCounts,
} from './notification-writer.js';
export type { NotificationInsert } from './notification-writer.js';
export {
  clearNotificationPreferences,
  memberNotificationPreferences,
  notificationPreferencesOf,
  presentPreferences,
  saveEmailDelivery,
  saveNotificationPreferences,
  storedNotificationChoices,
} from './notification-preferences.js';
export type { MemberNotificationPreferences } from './notification-preferences.js';
export { registerNotificationsModule } from './notifications.module.js';
