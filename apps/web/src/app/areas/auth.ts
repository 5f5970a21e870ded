export { SignInRoute, SignUpRoute } from '../../features/accounts';
export { VerifyEmailRoute } from '../../features/accounts';
export { ResetPasswordRoute } from '../../features/accounts';
