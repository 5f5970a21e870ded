export { ErrorTestRoute } from '../../features/monitoring';
export { IconsRoute } from '../../features/dev';
