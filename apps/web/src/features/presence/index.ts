/** The presence feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { presenceKeys } from './api/presence-keys';
export { isMemberId, rememberPresence } from './api/presence.api';
export { PresenceDot, PresenceLabel } from './components/member-presence';
