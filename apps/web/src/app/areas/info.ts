export { EarlyAccessRoute } from '../../features/info';
export { ErrorTestRoute } from '../../features/monitoring';
export { IconsRoute } from '../../features/dev';
export { NotFoundRoute } from '../routes/not-found-route';
