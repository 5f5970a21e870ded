/** The profiles feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { useBlockedMembers, useToggleBlock } from './api/profiles.api';
export { ProfileAvatar } from './components/profile-avatar';
export { ProfileRoute } from './routes/profile-route';
