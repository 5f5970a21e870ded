import type { NotificationTabId } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import { Bell, BellRing, CheckCheck, HandCoins, MessagesSquare } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { emptyTextOf } from '../api/notification-view';
import { useNotifications } from '../api/notifications.api';
import { useNotificationActions } from '../api/use-notification-actions';
import { NotificationsFeed } from '../components/notifications-feed';

type NotificationTab = NotificationTabId;

const TABS: readonly TabItem<NotificationTab>[] = [
  { id: 'all', label: 'All', icon: Bell },
  { id: 'offers', label: 'Offers', icon: HandCoins },
  { id: 'messages', label: 'Messages', icon: MessagesSquare },
  { id: 'alerts', label: 'Saved searches', icon: BellRing },
];

/** The spec's empty texts (001 §2, NOTIFICATION_TABS), with what will appear and where it comes from. */
const EMPTY: Record<NotificationTab, { icon: LucideIcon; title: string; description: string }> = {
  all: {
    icon: Bell,
    title: emptyTextOf('all'),
    description: 'Offers on your gear, new messages, sold items and saved search matches will show up here.',
  },
  offers: {
    icon: HandCoins,
    title: emptyTextOf('offers'),
    description:
      'When a buyer makes an offer on your gear, or a seller answers yours, you will hear about it here.',
  },
  messages: {
    icon: MessagesSquare,
    title: emptyTextOf('messages'),
    description: 'New messages from buyers and sellers will be announced here.',
  },
  alerts: {
    icon: BellRing,
    title: emptyTextOf('alerts'),
    description: 'When gear matching one of your saved searches is listed, it will appear here.',
  },
};

/** /notifications: the latest 100 notifications, by type, with mark read, mark all read and delete. */
export function NotificationsRoute() {
  const { data } = useSession();
  const active = useActiveTab(TABS) ?? 'all';
  const list = useNotifications({ enabled: Boolean(data?.user) });
  const actions = useNotificationActions();
  const user = data?.user;
  if (!user) return null;

  const activeLabel = TABS.find((tab) => tab.id === active)?.label ?? '';
  const unread = list.data?.unread_count ?? 0;
  const empty = EMPTY[active];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <title>Notifications · Castline</title>
      <PageHeader
        title="Notifications"
        description={
          list.data && unread > 0
            ? `${unread} unread · offers, messages and saved search matches about the gear you follow.`
            : 'Offers, messages and saved search matches about the gear you follow.'
        }
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={actions.markAllRead}
            disabled={unread === 0}
            loading={actions.markingAll}
          >
            <CheckCheck aria-hidden="true" size={16} />
            Mark all read
          </Button>
        }
      />
      <Tabs tabs={TABS} label="Notification types" />
      <section aria-label={`${activeLabel} notifications`} className="mt-6">
        <NotificationsFeed
          tab={active}
          viewerId={user.id}
          label={`${activeLabel} notifications`}
          empty={
            <EmptyState
              icon={empty.icon}
              title={empty.title}
              description={empty.description}
              action={
                <Link to="/marketplace" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Browse the Marketplace
                </Link>
              }
            />
          }
        />
      </section>
    </div>
  );
}
