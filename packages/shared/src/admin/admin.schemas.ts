import { z } from 'zod';
import { ADMIN_PERMISSIONS } from './admin-permissions.js';
import { ProfileRole } from './roles.js';

export const AdminPermissionName = z.enum(ADMIN_PERMISSIONS);

/** The admin check and permission map for the caller (spec 001 §7 "admin service call"). */
export const AdminAccessDto = z.object({
  is_admin: z.boolean(),
  role: ProfileRole,
  permissions: z.record(AdminPermissionName, z.boolean()),
});
export type AdminAccessDto = z.infer<typeof AdminAccessDto>;

/** Membership figures on the admin dashboard. */
export const AdminOverviewDto = z.object({
  members_total: z.number().int(),
  members_new_7d: z.number().int(),
  members_verified: z.number().int(),
  captains: z.number().int(),
  admins: z.number().int(),
  banned: z.number().int(),
  generated_at: z.string(),
});
export type AdminOverviewDto = z.infer<typeof AdminOverviewDto>;
