/** The moderation module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { registerModerationModule } from './moderation.module.js';
export { listingReviewedNotification } from './moderation.notifications.js';
export { moderateWrite } from './rules-engine.js';
export type { RuleSubject } from './rules-engine.js';
