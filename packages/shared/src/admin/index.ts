export * from './admin-users.schemas.js';
export * from './moderation.schemas.js';
export * from './monitoring-constants.js';
export * from './monitoring.schemas.js';
