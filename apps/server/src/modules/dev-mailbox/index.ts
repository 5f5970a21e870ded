/** The dev-mailbox module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { registerMailboxRoutes } from './mailbox.routes.js';
