import { describe, expect, it } from 'vitest';
import { groupNotifications, type GroupableNotification } from './notification-groups.js';
import {
  activeNotificationCategories,
  nextDigestAt,
  NOTIFICATION_CATEGORY_OF,
  notificationPreferenceMap,
  wantsNotification,
} from './notification-preferences.js';
import { NOTIFICATION_TYPES } from './notification-type-constants.js';

describe('notification categories', () => {
  it('give every notification type a category, and offer only the categories some type has', () => {
    for (const type of NOTIFICATION_TYPES) expect(NOTIFICATION_CATEGORY_OF[type]).toBeDefined();
    expect(activeNotificationCategories()).toEqual([
      'messages',
      'offers',
      'orders',
      'mentions',
      'replies',
      'watched_topics',
      'alert_matches',
      'listing_news',
    ]);
  });

  it('read stored choices over the defaults, per type and channel', () => {
    const defaults = notificationPreferenceMap([]);
    expect(wantsNotification(defaults, 'ORDER_UPDATE', 'email')).toBe(true);
    expect(wantsNotification(defaults, 'NEW_MESSAGE', 'email')).toBe(false);
    expect(wantsNotification(defaults, 'QUOTE', 'in_app')).toBe(true);
    const chosen = notificationPreferenceMap([
      { category: 'replies', in_app: false, email: true },
      { category: 'gone', in_app: false, email: false },
    ]);
    expect(wantsNotification(chosen, 'REPLY', 'in_app')).toBe(false);
    expect(wantsNotification(chosen, 'QUOTE', 'email')).toBe(true);
    expect(wantsNotification(chosen, 'MENTION', 'in_app')).toBe(true);
  });

  it('send the digest at the next 07:00 UTC', () => {
    expect(nextDigestAt(new Date('2026-03-01T06:59:00Z')).toISOString()).toBe('2026-03-01T07:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-01T07:00:00Z')).toISOString()).toBe('2026-03-02T07:00:00.000Z');
    expect(nextDigestAt(new Date('2026-03-31T23:00:00Z')).toISOString()).toBe('2026-04-01T07:00:00.000Z');
  });
});

describe('groupNotifications', () => {
  let n = 0;
  const build = (type: GroupableNotification['type'], data: GroupableNotification['data'], read = false) => {
    n += 1;
    return { id: `n${n}`, type, title: type, message: `message ${n}`, data, read, created_at: '' };
  };

  it('makes one entry of one kind on one thing, at its newest, and leaves the rest alone', () => {
    const items = [
      build('REPLY', { postId: 'p1', postTitle: 'Braid knots' }),
      build('NEW_MESSAGE', { senderId: 'u1', senderName: 'reel_rita' }),
      build('REPLY', { postId: 'p1', postTitle: 'Braid knots' }, true),
      build('QUOTE', { postId: 'p1', postTitle: 'Braid knots' }),
      build('NEW_MESSAGE', { senderId: 'u1', senderName: 'reel_rita' }),
      build('REPLY', { postId: 'p1', postTitle: 'Braid knots' }),
      build('PRODUCT_SOLD', { productId: 'l1' }),
      build('PRODUCT_SOLD', { productId: 'l1' }),
    ];
    const groups = groupNotifications(items);
    expect(groups.map((g) => g.summary)).toEqual([
      '3 new replies in “Braid knots”',
      '2 new messages from reel_rita',
      'message 4',
      'message 7',
      'message 8',
    ]);
    expect(groups[0]).toMatchObject({ latest: items[0], unread: 2, read: false });
  });
});
