export { TagRoute, TagsIndexRoute } from '../../features/tags';
