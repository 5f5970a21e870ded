/** The tags feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { TagRoute } from './routes/tag-route';
export { TagsIndexRoute } from './routes/tags-index-route';
