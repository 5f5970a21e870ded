import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../accounts/account-constants.js';
import { EmailField, NewPasswordField } from '../accounts/auth.schemas.js';
import { MemberSummaryDto } from './members.schemas.js';
import { hasHiddenCharacters, hasMixedScriptWord, normalizeDisplayText } from './display-name.js';
import { AVATAR_URL, PROFILE_LIMITS, SETTINGS_MESSAGES } from './profile-constants.js';

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
