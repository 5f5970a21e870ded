import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/account-constants.js';
import { LISTING_LOCATION_MAX } from '../listings/listing-constants.js';
import { EmailField, NewPasswordField } from '../accounts/auth.schemas.js';
import { MemberSummaryDto } from './members.schemas.js';
import { hasHiddenCharacters, hasMixedScriptWord, normalizeDisplayText } from './display-name.js';

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

/** Lenient text: null or blank clears the field. */
function optionalProfileText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));
}

/**
 * A display name (full_name, title): lenient like the other texts, but refusing invisible and
 * control characters and words that mix alphabets (display-name.ts), and kept in one form. The
 * length counts the stored form.
 */
function optionalDisplayText(
  max: number,
  messages: { tooLong: string; hiddenCharacters: string; mixedScripts: string },
) {
  return z
    .string({ error: messages.tooLong })
    .refine((text) => !hasHiddenCharacters(text), { error: messages.hiddenCharacters, abort: true })
    .transform(normalizeDisplayText)
    .pipe(
      z
        .string()
        .max(max, messages.tooLong)
        .refine((text) => !hasMixedScriptWord(text), { error: messages.mixedScripts }),
    )
    .nullable()
    .transform((value) => (value ? value : null));
}

/**
 * PATCH /api/profiles/me. Absent fields stay as they are; null (or blank text) clears them.
 * location_lat and location_lng travel together (from a place suggestion); without them the
 * server looks the place up.
 */
export const UpdateProfileBody = z
  .object({
    full_name: optionalDisplayText(PROFILE_LIMITS.fullNameMax, {
      tooLong: SETTINGS_MESSAGES.fullNameTooLong,
      hiddenCharacters: SETTINGS_MESSAGES.fullNameHiddenCharacters,
      mixedScripts: SETTINGS_MESSAGES.fullNameMixedScripts,
    }).optional(),
    title: optionalDisplayText(PROFILE_LIMITS.titleMax, {
      tooLong: SETTINGS_MESSAGES.titleTooLong,
      hiddenCharacters: SETTINGS_MESSAGES.titleHiddenCharacters,
      mixedScripts: SETTINGS_MESSAGES.titleMixedScripts,
    }).optional(),
    bio: optionalProfileText(PROFILE_LIMITS.bioMax, SETTINGS_MESSAGES.bioTooLong).optional(),
    location: optionalProfileText(PROFILE_LIMITS.locationMax, SETTINGS_MESSAGES.locationTooLong).optional(),
    location_lat: z
      .number({ error: SETTINGS_MESSAGES.locationCoordinatesInvalid })
      .min(-90, SETTINGS_MESSAGES.locationCoordinatesInvalid)
      .max(90, SETTINGS_MESSAGES.locationCoordinatesInvalid)
      .nullish(),
    location_lng: z
      .number({ error: SETTINGS_MESSAGES.locationCoordinatesInvalid })
      .min(-180, SETTINGS_MESSAGES.locationCoordinatesInvalid)
      .max(180, SETTINGS_MESSAGES.locationCoordinatesInvalid)
      .nullish(),
    avatar_url: z
      .string({ error: SETTINGS_MESSAGES.avatarInvalid })
      .regex(AVATAR_URL, SETTINGS_MESSAGES.avatarInvalid)
      .nullable()
      .optional(),
  })
  .refine((body) => (body.location_lat == null) === (body.location_lng == null), {
    message: SETTINGS_MESSAGES.locationCoordinatesInvalid,
    path: ['location_lat'],
  });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;

/** POST /api/profiles/:userId/block: the block state after the toggle. */
export const BlockResultDto = z.object({ blocked: z.boolean() });
export type BlockResultDto = z.infer<typeof BlockResultDto>;

/** GET /api/me/blocked */
export const BlockedMembersDto = z.object({ items: z.array(MemberSummaryDto) });
export type BlockedMembersDto = z.infer<typeof BlockedMembersDto>;

/** GET /api/profiles/search?q= (username or full name, at most 10 results). */
export const MemberSearchQuery = z.object({
  q: z
    .string({ error: SETTINGS_MESSAGES.searchQueryRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.searchQueryRequired)
    .max(PROFILE_LIMITS.searchQueryMax, SETTINGS_MESSAGES.searchQueryTooLong),
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuery>;

export const MemberSearchDto = z.object({ items: z.array(MemberSummaryDto) });
export type MemberSearchDto = z.infer<typeof MemberSearchDto>;

const PasswordField = (message: string) =>
  z.string({ error: message }).min(1, message).max(PASSWORD_MAX_LENGTH, message);

/** POST /api/settings/password: the new password follows the sign-up rules; other sessions end. */
export const ChangePasswordBody = z
  .object({
    current_password: PasswordField(SETTINGS_MESSAGES.currentPasswordRequired),
    new_password: NewPasswordField,
  })
  .refine((body) => body.current_password !== body.new_password, {
    message: SETTINGS_MESSAGES.newPasswordSameAsCurrent,
    path: ['new_password'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /api/settings/email: mails a confirmation link to the new address; nothing changes yet. */
export const ChangeEmailBody = z.object({
  new_email: EmailField,
  password: PasswordField(SETTINGS_MESSAGES.passwordRequired),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** POST /api/settings/email/confirm: the token from the link /settings/confirm-email?token=… */
export const ConfirmEmailChangeBody = z.object({
  token: z
    .string({ error: SETTINGS_MESSAGES.emailChangeLinkInvalid })
    .trim()
    .min(1, SETTINGS_MESSAGES.emailChangeLinkInvalid)
    .max(512, SETTINGS_MESSAGES.emailChangeLinkInvalid),
});
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;

/** The answer once the new address took effect. */
export const EmailChangeConfirmedDto = z.object({
  message: z.string(),
  email: z.string(),
});
export type EmailChangeConfirmedDto = z.infer<typeof EmailChangeConfirmedDto>;

/** GET /api/settings/notifications: email me about new messages / offers / my orders. */
export const NotificationSettingsDto = z.object({
  email_on_message: z.boolean(),
  email_on_offer: z.boolean(),
  email_on_order: z.boolean(),
});
export type NotificationSettingsDto = z.infer<typeof NotificationSettingsDto>;

/** PUT /api/settings/notifications: the preferences (orders' unchanged when left out). */
export const UpdateNotificationSettingsBody = z.object({
  email_on_message: z.boolean({ error: SETTINGS_MESSAGES.notificationSettingsInvalid }),
  email_on_offer: z.boolean({ error: SETTINGS_MESSAGES.notificationSettingsInvalid }),
  email_on_order: z.boolean({ error: SETTINGS_MESSAGES.notificationSettingsInvalid }).optional(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBody>;

/** DELETE /api/settings/account: confirmed with the password. */
export const DeleteAccountBody = z.object({
  password: PasswordField(SETTINGS_MESSAGES.passwordRequired),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
