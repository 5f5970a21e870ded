export { EarlyAccessRoute } from '../../features/info';
export { NotFoundRoute } from '../routes/not-found-route';
