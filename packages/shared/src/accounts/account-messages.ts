/**
 * Account texts quoted by the specification. Use them verbatim; never re-type them elsewhere.
 * Texts the specification does not give are marked as Castline's own.
 */
import { APP_MESSAGES, PROFILE_NOT_FOUND } from '../common/messages.js';

export const AUTH_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  emailAlreadyRegistered: 'This email is already registered. Please try logging in instead.',
  signUpTooManyAttempts: 'Too many attempts. Please try again later.',
  signUpFailed: 'An error occurred during signup',
  failedToCreateUser: 'Failed to create user account',
  failedToCreateProfile: 'Failed to create user profile. Please try again.',
  signUpSuccessToast: 'Account created! Please check your email to verify your account.',
  signUpSuccessNotification:
    'Account created successfully! Please check your email to verify your account before logging in.',

  invalidCredentials: 'Invalid email or password',
  credentialsRequired: 'Email and password are required',
  signInTooManyAttempts: 'Too many login attempts. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again in a few minutes.',
  unexpectedError: APP_MESSAGES.internal,

  resetInstructionsSent: 'Password reset instructions have been sent to your email.',
  resetRequestFailed: 'Failed to initiate password reset. Please try again later.',
  emailRequired: 'Email is required',

  noActiveSession: 'No active session',
  notAuthenticated: 'Not authenticated',
  profileNotFound: PROFILE_NOT_FOUND,

  // Castline's own texts (the specification gives none for these cases).
  invalidEmail: 'Please enter a valid email address',
  usernameRequired: 'Please choose a username',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be at most 20 characters long',
  usernameInvalid: 'Username may only contain letters, numbers, underscores and dashes',
  usernameTaken: 'This username is already taken. Please choose another one.',
  signUpsClosed: 'New sign-ups are paused right now. Please check back soon.',
  passwordTooLong: 'Password must be at most 128 characters long',
  emailNotVerified: 'Please verify your email before signing in. Check your inbox for the verification link.',
  verificationSent: 'If an unverified account exists for this email, a new verification link is on its way.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Request a new one below.',
  verificationLinkUsed: 'This verification link has already been used. You can sign in.',
  emailVerified: 'Your email is verified. You can sign in now.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Your password has been updated. Please sign in with your new password.',
  tooManyRequests: 'Too many requests. Please try again later.',
  sessionNotFound: 'Session not found',
  signedOut: 'You have been signed out.',
  // Why an open page was signed out when its session ended elsewhere (the realtime socket hears it).
  sessionEndedBySignOut: 'You signed out of Castline in another tab or window.',
  sessionEndedByMember: 'This session was ended from another device. Please sign in again.',
  sessionEndedByStaff: 'An administrator ended this session. Please sign in again.',
  sessionEndedByPasswordChange: 'Your password was changed, so this session ended. Please sign in again.',
  sessionEndedByPasswordReset: 'Your password was reset, so every session ended. Please sign in again.',
  sessionEndedByAccountDeletion: 'This account was deleted.',
  forbiddenOrigin: 'This request did not come from Castline.',
} as const;
