/** The account pages' frame, with the pages: only they draw it. */
export { AuthLayout } from '../layouts/auth-layout';
export { SignInRoute, SignUpRoute } from '../../features/accounts';
export { VerifyEmailRoute } from '../../features/accounts';
export { ResetPasswordRoute } from '../../features/accounts';
