/** Query keys of notifications and of the unread totals behind every badge. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications: the latest 100. */
  list: () => ['notifications', 'list'] as const,
};

/** GET /api/me/unread: unread messages and notifications (header, menu and tile badges). */
export const unreadKey = ['unread'] as const;
