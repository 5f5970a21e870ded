export { SignInRoute, SignUpRoute } from '../../features/auth';
export { VerifyEmailRoute } from '../../features/auth';
export { ResetPasswordRoute } from '../../features/auth';
export { SettingsRoute } from '../../features/settings';
export { ConfirmEmailRoute } from '../../features/settings';
