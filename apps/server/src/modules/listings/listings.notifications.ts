import type { NotificationInsert } from '../notifications/index.js';

/** PRODUCT_SOLD, to the member a listing was marked sold to. */
export function listingSoldNotification(sale: {
  listingId: string;
  title: string;
  buyerId: string;
}): NotificationInsert {
  const { listingId: id, title } = sale;
  return {
    user_id: sale.buyerId,
    type: 'PRODUCT_SOLD',
    title: 'Product Sold',
    message: `"${title}" was marked as sold to you`,
    data: { productId: id, product_id: id, productName: title, is_seller: false },
  };
}
