import type { ReviewProfileRole } from '@castline/shared';

/**
 * Query keys of reviews. An order's reviews sit under the orders feature's key of that order
 * (`['orders', 'detail', id]`, spelled out here: importing it would tie this feature to the
 * orders feature's code), so whatever refreshes an order's page (its `order.changed` event, which
 * every review, reveal and reply also raises) refreshes its reviews too. A member's reviews and
 * figures are kept under 'reviews'.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  order: (orderId: string) => ['orders', 'detail', orderId, 'reviews'] as const,
  profile: (userId: string) => ['reviews', 'profile', userId] as const,
  profilePage: (userId: string, role: ReviewProfileRole, page: number) =>
    ['reviews', 'profile', userId, role, page] as const,
  figures: (userId: string) => ['reviews', 'figures', userId] as const,
};
