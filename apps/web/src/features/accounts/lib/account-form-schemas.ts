/*
 * The account forms' request schemas, loaded when a form is first submitted (or its first field
 * is focused): the schema library is no part of the sign-in and sign-up pages' first load.
 */
export {
  RequestPasswordResetBody,
  ResendVerificationBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
} from '@castline/shared';
