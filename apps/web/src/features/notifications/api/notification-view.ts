import type { NotificationDto, NotificationTabId } from '@castline/shared';
import { inNotificationTab, NOTIFICATION_LIMITS, NOTIFICATION_TABS } from '@castline/shared';

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
 * What the dropdown shows for a tab (spec 001 §2: 5 per type): the newest 5 of each kind (offers,
 * messages, alerts, and any other type on its own), newest first.
 */
export function dropdownNotifications(
  items: readonly NotificationDto[],
  tab: NotificationTabId,
  perType: number = NOTIFICATION_LIMITS.perTypeInDropdown,
): NotificationDto[] {
  const shown = new Map<string, number>();
  const result: NotificationDto[] = [];
  for (const item of notificationsInTab(items, tab)) {
    const group = dropdownGroupOf(item.type);
    const count = shown.get(group) ?? 0;
    if (count >= perType) continue;
    shown.set(group, count + 1);
    result.push(item);
  }
  return result;
}

/** The empty text of a tab, as the spec words it. */
export function emptyTextOf(tab: NotificationTabId): string {
  return NOTIFICATION_TABS.find((entry) => entry.id === tab)?.empty ?? 'No notifications';
}
