import { z } from 'zod';
import {
  activeNotificationCategories,
  EMAIL_DELIVERIES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_PREFERENCE_MESSAGES as M,
  type NotificationCategory,
} from './notification-preferences.js';

const ACTIVE = activeNotificationCategories() as [NotificationCategory, ...NotificationCategory[]];
const invalid = { error: M.invalid };

/** One category's choice: in Castline, by email. */
export const NotificationPreferenceDto = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreferenceDto = z.infer<typeof NotificationPreferenceDto>;

/** GET /api/settings/notification-preferences: every category a notification type belongs to. */
export const NotificationPreferencesDto = z.object({
  categories: z.array(NotificationPreferenceDto),
  email_delivery: z.enum(EMAIL_DELIVERIES),
});
export type NotificationPreferencesDto = z.infer<typeof NotificationPreferencesDto>;

/**
 * PATCH /api/settings/notification-preferences: the choices to change (a channel left out stays
 * as it is), and/or the email delivery.
 */
export const UpdateNotificationPreferencesBody = z
  .object(
    {
      categories: z
        .array(
          z
            .object(
              {
                category: z.enum(ACTIVE, invalid),
                in_app: z.boolean(invalid).optional(),
                email: z.boolean(invalid).optional(),
              },
              invalid,
            )
            .strict(),
          invalid,
        )
        .max(NOTIFICATION_CATEGORIES.length, M.invalid)
        .optional(),
      email_delivery: z.enum(EMAIL_DELIVERIES, invalid).optional(),
    },
    invalid,
  )
  .strict()
  .refine((body) => body.email_delivery !== undefined || (body.categories?.length ?? 0) > 0, {
    message: M.nothingToChange,
  })
  .refine(
    (body) => new Set(body.categories?.map((c) => c.category)).size === (body.categories?.length ?? 0),
    { message: M.invalid, path: ['categories'] },
  );
export type UpdateNotificationPreferencesBody = z.input<typeof UpdateNotificationPreferencesBody>;
