/* The forum's constants and texts: plain values, no zod (the web app's forum page loads them). */

/** The forum's categories: a new post picks one of these. */
export const FORUM_CATEGORIES = [
  'Fishing Reports',
  'Gear Talk',
  'How-To',
  'For Sale Questions',
  'General',
] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];

/**
 * How a topic list is ordered: New (newest first, the spec's order and the default), Latest (last
 * activity: the post or its newest comment) or Top (most likes received within a period).
 */
export const FORUM_SORTS = ['new', 'latest', 'top'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];
export const FORUM_SORT_LABELS: Record<ForumSort, string> = { new: 'Newest', latest: 'Latest', top: 'Top' };

/** The period a Top list counts likes over. */
export const FORUM_TOP_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type ForumTopPeriod = (typeof FORUM_TOP_PERIODS)[number];
export const FORUM_TOP_PERIOD_LABELS: Record<ForumTopPeriod, string> = {
  week: 'This week',
  month: 'This month',
  year: 'This year',
  all: 'All time',
};

/**
 * A member's own views of the list: every topic, the topics new to them (never opened, posted in
 * the last FORUM_LIMITS.newTopicDays days, not theirs), or those with comments they haven't read.
 */
export const FORUM_VIEWS = ['all', 'new', 'unread'] as const;
export type ForumView = (typeof FORUM_VIEWS)[number];

/** How closely a member follows a topic or category: every new comment, as usual, or left out of the lists. */
export const FORUM_WATCH_LEVELS = ['watching', 'normal', 'muted'] as const;
export type ForumWatchLevel = (typeof FORUM_WATCH_LEVELS)[number];
export const FORUM_WATCH_LABELS: Record<ForumWatchLevel, { label: string; hint: string }> = {
  watching: { label: 'Watching', hint: 'You are told of every new comment.' },
  normal: { label: 'Normal', hint: 'You are told when someone replies to you, quotes you or mentions you.' },
  muted: { label: 'Muted', hint: 'Left out of your topic lists; you are told nothing new.' },
};

/** Spec 001 §9 (trending 10, top contributors 10 every 2 min, stale 1 min) and Castline's own limits. */
export const FORUM_LIMITS = {
  pageSize: 20,
  pageSizeMax: 50,
  trending: 10,
  topContributors: 10,
  topContributorsRefreshMs: 2 * 60_000,
  topContributorsStaleMs: 60_000,
  titleMax: 150,
  contentMax: 20_000,
  commentMax: 5_000,
  /** A topic's comments come this many at a time (the topic's answer holds the first ones). */
  commentsPage: 100,
  imagesMax: 10,
  excerptMax: 200,
  searchMax: 200,
  categoryMax: 60,
  /** Members notified by one post or comment. */
  mentionsMax: 10,
  /** A topic counts as new to a member who has not opened it for this many days after it is posted. */
  newTopicDays: 14,
  categories: FORUM_CATEGORIES,
  /** Posting rate limits per member; accounts younger than `newAccountMs` get the tighter ones. */
  rateLimits: {
    newAccountMs: 24 * 60 * 60_000,
    post: { limit: 1, windowMs: 15_000 },
    comment: { limit: 1, windowMs: 5_000 },
    newAccountPost: { limit: 1, windowMs: 60_000 },
    newAccountComment: { limit: 1, windowMs: 15_000 },
  },
} as const;

/** The spec's forum texts (001 §5, §8) verbatim, and the validation texts Castline adds. */
export const FORUM_MESSAGES = {
  loginToCreatePost: 'Must be logged in to create posts',
  loginToComment: 'Must be logged in to add comments',
  loginToLikePost: 'Must be logged in to like posts',
  loginToLikeComment: 'Must be logged in to like comments',
  fetchPostsFailed: 'Failed to fetch posts. Please try again.',
  fetchForumPostsFailed: 'Failed to fetch forum posts',
  updatePostFailed: 'Failed to update forum post',
  fetchCategoriesFailed: 'Failed to fetch forum categories',
  commentDeleted: 'Comment deleted successfully',
  deleteCommentFailed: 'Failed to delete comment',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  titleRequired: 'Please enter a title',
  titleTooLong: 'Titles can be at most 150 characters',
  categoryRequired: 'Please choose a category',
  categoryInvalid: 'Please choose one of the forum categories',
  contentRequired: 'Please write something',
  contentTooLong: 'Posts can be at most 20,000 characters',
  commentRequired: 'Please write a comment',
  commentTooLong: 'Comments can be at most 5,000 characters',
  tooManyImages: 'You can add up to 10 images',
  imageUrlInvalid: 'Please upload images through Castline.',
  nothingToUpdate: 'Change the title, category, content or images to update the post',
  notYourPost: 'You can only change your own posts.',
  notYourComment: 'You can only delete your own comments.',
  statusChangeForbidden: 'Only moderators can change the status of a post.',
  banned: 'Your account is suspended, so you cannot post, comment or like in the forum.',
  mentionTitle: 'New Mention',
  mentionInPost: (username: string, title: string) => `${username} mentioned you in "${title}"`,
  mentionInComment: (username: string, title: string) =>
    `${username} mentioned you in a comment on "${title}"`,
  replyTitle: 'New Reply',
  replyToComment: (username: string, title: string) => `${username} replied to your comment on "${title}"`,
  replyToPost: (username: string, title: string) => `${username} replied to your post "${title}"`,
  quoteTitle: 'Quoted',
  quotedYou: (username: string, title: string) => `${username} quoted you in "${title}"`,
  replyTargetGone: 'The comment you are replying to is no longer there.',
  topicLocked: 'This topic is locked, so it takes no new comments.',
  pinOrLockForbidden: 'Only forum moderators can pin or lock a topic.',
  watchedTitle: 'Watched Topic',
  watchedComment: (username: string, title: string) => `${username} commented on "${title}"`,
  loginToKeepDrafts: 'Must be logged in to keep drafts',
  draftReplyGone: 'The comment this draft replies to is no longer there.',
  linkedCommentGone: 'The comment this link points to was deleted or hidden.',
  commentsPageGone: 'Those comments are no longer there. Reload the topic.',
  signInForYourViews: 'Sign in to see the topics that are new or unread for you.',
  rateLimited: (seconds: number) =>
    `You're posting too fast. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/** An image of a post: a file the Castline upload endpoint stored in the forum-images bucket. */
export const FORUM_IMAGE_URL = /^\/files\/forum-images\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * An @mention: a username (3–20 letters, digits, `_` or `-`) after an `@` that does not follow a
 * word character (so e-mail addresses are not mentions). Group 1 is the username; use it with
 * `String.prototype.matchAll` or `replace` (it is global).
 */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_@.-])@([A-Za-z0-9_-]{3,20})(?![A-Za-z0-9_-])/g;

export const POST_STATUSES = ['published', 'hidden', 'flagged'] as const;
