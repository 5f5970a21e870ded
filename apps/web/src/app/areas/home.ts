export { HomeRoute } from '../../features/home';
export { DashboardRoute } from '../../features/dashboard';
