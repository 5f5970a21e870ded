/** The admin module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createAdminRepository } from './admin.repository.js';
export { registerAdminRoutes } from './admin.routes.js';
export { createAdminService } from './admin.service.js';
export { scheduleBanExpiry } from './ban-expiry.js';
export { banMessage, liftExpiredBan } from './ban-store.js';
export { readSiteSettings } from './site-settings.js';
