export * from './auth.schema.js';
export * from './profiles.schema.js';
export * from './platform.schema.js';
export * from './listings.schema.js';
