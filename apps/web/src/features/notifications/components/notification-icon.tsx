import type { NotificationType } from '@castline/shared';
import { OFFER_NOTIFICATION_TYPES } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import { BadgeCheck, Bell, BellRing, HandCoins, MessagesSquare } from 'lucide-react';
import { cn } from '../../../lib/cn';

function iconOf(type: NotificationType): { icon: LucideIcon; tone: string } {
  if (OFFER_NOTIFICATION_TYPES.includes(type)) return { icon: HandCoins, tone: 'bg-cta/15 text-ink' };
  switch (type) {
    case 'NEW_MESSAGE':
      return { icon: MessagesSquare, tone: 'bg-brand-soft text-brand' };
    case 'PRODUCT_SOLD':
      return { icon: BadgeCheck, tone: 'bg-reed-soft text-reed' };
    case 'PRODUCT_ALERT':
      return { icon: BellRing, tone: 'bg-reed-soft text-reed' };
    default:
      return { icon: Bell, tone: 'bg-surface-muted text-ink-muted' };
  }
}

/** The round icon that tells offers, messages, sales and alerts apart at a glance. */
export function NotificationIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { icon: Icon, tone } = iconOf(type);
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full', tone, className)}
    >
      <Icon size={18} />
    </span>
  );
}
