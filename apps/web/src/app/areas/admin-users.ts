export { AdminUsersRoute } from '../../features/admin-users';
export { AdminUserRoute } from '../../features/admin-users';
