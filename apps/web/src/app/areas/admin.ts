export { AdminDashboardRoute } from '../../features/admin/routes/admin-dashboard-route';
export { ImagePerformanceRoute } from '../../features/admin/routes/image-performance-route';
