import type { OrderSummaryDto } from '@castline/shared';
import { Badge } from '../../../components/ui/badge';
import { STATE_TONES, stateLabel } from '../lib/order-texts';

type BadgeOrder = Pick<OrderSummaryDto, 'state' | 'handover' | 'carrier' | 'pickup_note'>;

/** Where the order stands, as a coloured chip ("Awaiting payment", "Ready for pickup" …). */
export function OrderStateBadge({ order, className }: { order: BadgeOrder; className?: string }) {
  return (
    <Badge tone={STATE_TONES[order.state]} className={className}>
      {stateLabel(order)}
    </Badge>
  );
}
