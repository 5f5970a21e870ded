export { AdminLayout } from '../../features/admin';
