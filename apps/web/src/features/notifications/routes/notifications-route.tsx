import type { LucideIcon } from 'lucide-react';
import { Bell, BellRing, HandCoins, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import type { TabItem } from '../../../components/ui/tabs';
import { Tabs, useActiveTab } from '../../../components/ui/tabs';
import { useSession } from '../../auth/api/auth.api';

type NotificationTab = 'all' | 'offers' | 'messages' | 'alerts';

const TABS: readonly TabItem<NotificationTab>[] = [
  { id: 'all', label: 'All', icon: Bell },
  { id: 'offers', label: 'Offers', icon: HandCoins },
  { id: 'messages', label: 'Messages', icon: MessagesSquare },
  { id: 'alerts', label: 'Alerts', icon: BellRing },
];

/** The spec's empty texts (001 §2), with what will appear and where it comes from. */
const EMPTY: Record<NotificationTab, { icon: LucideIcon; title: string; description: string }> = {
  all: {
    icon: Bell,
    title: 'No notifications',
    description: 'Offers on your gear, new messages, sold items and product alerts will show up here.',
  },
  offers: {
    icon: HandCoins,
    title: 'No offer notifications',
    description:
      'When a buyer makes an offer on your gear, or a seller answers yours, you will hear about it here.',
  },
  messages: {
    icon: MessagesSquare,
    title: 'No message notifications',
    description: 'New messages from buyers and sellers will be announced here.',
  },
  alerts: {
    icon: BellRing,
    title: 'No product alert notifications',
    description: 'When gear matching one of your saved searches is listed, the alert will appear here.',
  },
};

/** /notifications: everything that happened for the member, by type. */
export function NotificationsRoute() {
  const { data } = useSession();
  const active = useActiveTab(TABS) ?? 'all';
  if (!data?.user) return null;

  const empty = EMPTY[active];
  const activeLabel = TABS.find((tab) => tab.id === active)?.label ?? '';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Notifications · Castline</title>
      <PageHeader
        title="Notifications"
        description="Offers, messages and alerts about the gear you follow."
      />
      <Tabs tabs={TABS} label="Notification types" />
      <section aria-label={`${activeLabel} notifications`} className="mt-6">
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
      </section>
    </div>
  );
}
