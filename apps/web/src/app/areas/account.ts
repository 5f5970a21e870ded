export { SettingsRoute } from '../../features/settings';
export { ConfirmEmailRoute } from '../../features/settings';
