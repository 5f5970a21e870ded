export { EarlyAccessRoute } from '../../features/info/routes/early-access-route';
export { ErrorTestRoute } from '../../features/monitoring/routes/error-test-route';
export { IconsRoute } from '../../features/dev/routes/icons-route';
export { NotFoundRoute } from '../routes/not-found-route';
