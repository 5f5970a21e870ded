import type { NotificationDto } from '@castline/shared';
import { formatPrice, imageVariantUrl } from '../../listings';

/** A saved search match's listing: its first photo and its price (PRODUCT_ALERT data), else nothing. */
export function NotificationListingPreview({ notification }: { notification: NotificationDto }) {
  const { data } = notification;
  if (notification.type !== 'PRODUCT_ALERT' || data.productPrice === undefined) return null;
  return (
    <span className="flex items-center gap-2">
      {data.productImage && (
        <img
          src={imageVariantUrl(data.productImage, 96)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 shrink-0 rounded-md bg-surface-muted object-cover"
        />
      )}
      <span className="text-sm font-bold text-ink tabular-nums">{formatPrice(data.productPrice)}</span>
    </span>
  );
}
