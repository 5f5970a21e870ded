/** The accounts feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { useSignOut } from './api/auth.api';
export { ActiveSessionsPanel } from './components/active-sessions-panel';
export { EmailStatusBadge } from './components/email-status-badge';
export { RequestPasswordResetForm } from './components/request-password-reset-form';
export { SignInForm } from './components/sign-in-form';
export { SignUpForm } from './components/sign-up-form';
export { SignInRoute, SignUpRoute } from './routes/auth-route';
export { ResetPasswordRoute } from './routes/reset-password-route';
export { VerifyEmailRoute } from './routes/verify-email-route';
