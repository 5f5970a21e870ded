/** The listings module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { registerListingsModule } from './listings.module.js';
export { createListingsReader } from './listings-reader.js';
export type { ListingsReader } from './listings-reader.js';
export { listingCriteriaConditions } from './listing-criteria-sql.js';
export { listingSoldNotification } from './listings.notifications.js';
export { removeMemberListings } from './member-listings.js';
