export { MonitoringAdminRoute } from '../../features/monitoring';
export { ImagePerformanceRoute } from '../../features/admin';
