// Plain values only (no zod): the profile and settings pages and the avatars read these.
import { LISTING_LOCATION_MAX } from '../listings/listing-constants.js';

/** Limits of the profile form and of member search (spec 001: user search limit 10). */
export const PROFILE_LIMITS = {
  fullNameMax: 100,
  titleMax: 80,
  bioMax: 500,
  locationMax: LISTING_LOCATION_MAX,
  searchQueryMax: 50,
  searchResultsMax: 10,
} as const;

/** An avatar: a file the Castline upload endpoint stored in the avatars bucket. */
export const AVATAR_URL = /^\/files\/avatars\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Square avatar variants the web requests through /files/...?w= (spec: 64, 128 and 256). */
export const AVATAR_SIZES = [64, 128, 256] as const;

/** Castline's own texts for profiles, blocking, member search and settings. */
export const SETTINGS_MESSAGES = {
  // Profile form
  fullNameTooLong: `Full name must be at most ${PROFILE_LIMITS.fullNameMax} characters`,
  titleTooLong: `Title must be at most ${PROFILE_LIMITS.titleMax} characters`,
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
  locationTooLong: `Location must be at most ${PROFILE_LIMITS.locationMax} characters`,
  locationCoordinatesInvalid: 'Please pick the location again from the suggestions',
  fullNameHiddenCharacters: 'Full name cannot contain invisible or control characters',
  fullNameMixedScripts: 'Full name cannot mix letters from different alphabets in one word',
  titleHiddenCharacters: 'Title cannot contain invisible or control characters',
  titleMixedScripts: 'Title cannot mix letters from different alphabets in one word',
  avatarInvalid: 'Please upload your avatar through Castline',
  avatarNotYours: 'You can only use an avatar you uploaded yourself',
  profileUpdated: 'Your profile has been updated.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileLoadFailed: 'Failed to load profile. Please try again.',

  // Blocking
  cannotBlockSelf: 'You cannot block yourself',
  memberBlocked: 'Member blocked. They can no longer message you.',
  memberUnblocked: 'Member unblocked.',
  blockFailed: 'Failed to update the block list. Please try again.',
  blockedListFailed: 'Failed to load blocked members. Please try again.',
  noBlockedMembers: "You haven't blocked anyone.",

  // Member search
  searchQueryRequired: 'Type a username or name to search',
  searchQueryTooLong: `Search text must be at most ${PROFILE_LIMITS.searchQueryMax} characters`,
  searchFailed: 'Failed to search members. Please try again.',
  noMembersFound: 'No members match your search.',

  // Password
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'Your new password must be different from your current one',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',

  // Email
  passwordRequired: 'Please enter your password',
  passwordIncorrect: 'Password is incorrect',
  emailSameAsCurrent: 'This is already your email address',
  emailTaken: 'This email is already used by another account',
  emailChangeSent:
    'We sent a confirmation link to your new email address. Your email changes once you open that link.',
  emailChangeLinkInvalid: 'This email change link is invalid or has expired. Please request a new one.',
  emailChanged: 'Your email address has been updated.',

  // Notification preferences
  notificationSettingsInvalid: 'Choose whether to get emails about new messages and new offers',
  notificationSettingsSaved: 'Your notification preferences have been saved.',
  notificationSettingsFailed: 'Failed to save notification preferences. Please try again.',

  // Account deletion
  accountDeleted: 'Your account has been deleted.',
  deleteAccountWarning:
    'Deleting your account removes your listings and signs you out everywhere. Your forum posts stay, shown as written by a deleted member. This cannot be undone.',
  deletedMemberName: 'deleted member',
} as const;
