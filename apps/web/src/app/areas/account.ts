export { SignInRoute, SignUpRoute } from '../../features/accounts';
export { VerifyEmailRoute } from '../../features/accounts';
export { ResetPasswordRoute } from '../../features/accounts';
export { SettingsRoute } from '../../features/settings';
export { ConfirmEmailRoute } from '../../features/settings';
