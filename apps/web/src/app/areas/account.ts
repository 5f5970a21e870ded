export { SignInRoute, SignUpRoute } from '../../features/auth/routes/auth-route';
export { VerifyEmailRoute } from '../../features/auth/routes/verify-email-route';
export { ResetPasswordRoute } from '../../features/auth/routes/reset-password-route';
export { SettingsRoute } from '../../features/settings/routes/settings-route';
export { ConfirmEmailRoute } from '../../features/settings/routes/confirm-email-route';
