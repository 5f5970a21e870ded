/** The profiles module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createProfilesRepository } from './profiles.repository.js';
export { registerProfileEditRoutes, registerProfilesRoutes } from './profiles.routes.js';
export { createProfileEditor, createProfilesService } from './profiles.service.js';
