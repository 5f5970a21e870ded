/** The settings module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { createEmailNotifier } from './email-notifier.js';
export { registerSettingsModule } from './settings.module.js';
