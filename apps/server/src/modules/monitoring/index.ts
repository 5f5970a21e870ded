/** The monitoring module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { errorFingerprint } from './monitoring.fingerprint.js';
export { registerMonitoringModule } from './monitoring.module.js';
