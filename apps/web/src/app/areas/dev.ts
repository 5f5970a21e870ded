export { IconsRoute } from '../../features/dev';
