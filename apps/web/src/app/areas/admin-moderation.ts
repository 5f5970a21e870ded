export { ModerationQueueRoute } from '../../features/moderation';
export { ListingApprovalRoute } from '../../features/moderation';
export { ModerationRulesRoute } from '../../features/moderation';
export { ModerationLogsRoute } from '../../features/moderation';
