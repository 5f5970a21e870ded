export * from './members.schemas.js';
export * from './presence.schemas.js';
export * from './messaging.schemas.js';
export * from './notifications.schemas.js';
export * from './offers.schemas.js';
export * from './alerts.schemas.js';
export * from './realtime.schemas.js';
