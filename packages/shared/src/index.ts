export * from './constants.js';
export * from './messages.js';
export * from './errors.js';
export * from './roles.js';
export * from './schemas/auth.schemas.js';
export * from './schemas/health.schemas.js';
export * from './policies/admin-permissions.js';
export * from './policies/session.policy.js';
