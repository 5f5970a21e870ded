/** The captains module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createCaptainsRepository } from './captains.repository.js';
export { registerCaptainsRoutes } from './captains.routes.js';
export { createCaptainsService } from './captains.service.js';
