export { ErrorTestRoute } from '../../features/monitoring';
