/** The moderation feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ForumAdminRoute } from './routes/forum-admin-route';
export { ListingApprovalRoute } from './routes/listing-approval-route';
export { ModerationLogsRoute } from './routes/moderation-logs-route';
export { ModerationQueueRoute } from './routes/moderation-queue-route';
export { ModerationRulesRoute } from './routes/moderation-rules-route';
