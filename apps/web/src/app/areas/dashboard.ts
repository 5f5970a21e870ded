export { DashboardRoute } from '../../features/dashboard';
