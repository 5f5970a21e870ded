/** The realtime module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createPresenceRepository } from './presence.repository.js';
export { registerRealtimeModule } from './realtime.module.js';
export { createRealtimePublisher } from './realtime.publisher.js';
export type { RealtimePublisher } from './realtime.publisher.js';
