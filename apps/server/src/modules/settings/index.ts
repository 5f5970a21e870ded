/** The settings module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createEmailNotifier, NOTIFICATION_DIGEST_JOB } from './email-notifier.js';
export { registerSettingsModule } from './settings.module.js';
