export * from './auth.schema.js';
export * from './profiles.schema.js';
export * from './platform.schema.js';
