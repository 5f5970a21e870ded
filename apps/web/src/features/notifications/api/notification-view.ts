import type { NotificationDto, NotificationGroup, NotificationTabId } from '@castline/shared';
import {
  groupNotifications,
  inNotificationTab,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TABS,
} from '@castline/shared';

/** The tab named by `value`, else All. */
export function notificationTabOf(value: string | null | undefined): NotificationTabId {
  return NOTIFICATION_TABS.find((tab) => tab.id === value)?.id ?? 'all';
}

/** The notifications of one tab, in the list's order (newest first). */
export function notificationsInTab(
  items: readonly NotificationDto[],
  tab: NotificationTabId,
): NotificationDto[] {
  return items.filter((item) => inNotificationTab(tab, item.type));
}

/** The group a notification counts in for the dropdown's "5 per type": its tab, or its own type. */
function dropdownGroupOf(type: NotificationDto['type']): string {
  const tab = NOTIFICATION_TABS.find((entry) => entry.types !== null && inNotificationTab(entry.id, type));
  return tab?.id ?? type;
}

/**
 * What the dropdown shows for a tab: the notifications of one kind on one thing as one entry
 * ("3 new replies in …"), and of those the newest 5 of each kind (spec 001 §2: 5 per type).
 */
export function dropdownGroups(
  items: readonly NotificationDto[],
  tab: NotificationTabId,
  perType: number = NOTIFICATION_LIMITS.perTypeInDropdown,
): NotificationGroup<NotificationDto>[] {
  const shown = new Map<string, number>();
  return groupNotifications(notificationsInTab(items, tab)).filter((group) => {
    const kind = dropdownGroupOf(group.latest.type);
    const count = shown.get(kind) ?? 0;
    if (count >= perType) return false;
    shown.set(kind, count + 1);
    return true;
  });
}

/** The empty text of a tab, as the spec words it. */
export function emptyTextOf(tab: NotificationTabId): string {
  return NOTIFICATION_TABS.find((entry) => entry.id === tab)?.empty ?? 'No notifications';
}
