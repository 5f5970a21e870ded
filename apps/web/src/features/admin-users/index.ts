/** The admin-users feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { AdminUserRoute } from './routes/admin-user-route';
export { AdminUsersRoute } from './routes/admin-users-route';
