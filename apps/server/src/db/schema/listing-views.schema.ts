import { date, primaryKey, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './listings.schema.js';

/**
 * One reader's view of a listing on one day (docs/decisions/0015-listing-views.md). The reader is
 * a key, never an identity: an HMAC, under a server secret, of the member's id or of a guest's
 * address and user agent, together with the day, so a key cannot be traced back to a person nor
 * followed from one day to the next. The primary key makes a reader count once per listing a day;
 * products.views_count moves in the same statement as the row is written.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The UTC day of the view. */
    day: date('day', { mode: 'string' }).notNull(),
    /** base64url HMAC-SHA256 of the reader and the day (see above). */
    viewer_key: text('viewer_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.product_id, table.day, table.viewer_key] })],
);
