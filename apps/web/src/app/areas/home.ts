export { HomeRoute } from '../../features/home/routes/home-route';
export { DashboardRoute } from '../../features/dashboard/routes/dashboard-route';
