export * from './auth.schema.js';
export * from './profiles.schema.js';
export * from './platform.schema.js';
export * from './listings.schema.js';
export * from './messaging.schema.js';
export * from './offers.schema.js';
export * from './alerts.schema.js';
export * from './forum.schema.js';
