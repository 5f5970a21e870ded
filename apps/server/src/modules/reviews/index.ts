/** The reviews module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { registerReviewsModule, reviewsServiceFor } from './reviews.module.js';
export { REVIEW_EVENTS, reviewEventNotifications } from './reviews.notifications.js';
export type { NotifyingReviewEvent } from './reviews.notifications.js';
export { syncRatingsFromReviews } from './reviews.repository.js';
export { REVIEWS_REVEAL_JOB } from './reviews.service.js';
export type { ReviewsService } from './reviews.service.js';
