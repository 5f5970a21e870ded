/** The presence module's public door: the realtime socket (/api/realtime) and members' presence (/api/presence). Everything else in this folder is private to it. */
export { createPresenceRepository } from './presence.repository.js';
export { registerPresenceModule } from './presence.module.js';
export type { RealtimeHub } from './realtime.hub.js';
