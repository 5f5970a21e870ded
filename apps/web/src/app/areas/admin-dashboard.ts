export { AdminDashboardRoute } from '../../features/admin';
