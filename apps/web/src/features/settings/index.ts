/** The settings feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { ConfirmEmailRoute } from './routes/confirm-email-route';
export { SettingsRoute } from './routes/settings-route';
