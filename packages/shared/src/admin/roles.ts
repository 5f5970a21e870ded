import { z } from 'zod';

/** Profile roles (spec 000 §3); super_admin from the admin roles table maps to admin. */
export const PROFILE_ROLES = ['user', 'admin', 'moderator', 'support'] as const;
export const ProfileRole = z.enum(PROFILE_ROLES);
export type ProfileRole = z.infer<typeof ProfileRole>;

export const PROFILE_STATUSES = ['active', 'banned', 'pending'] as const;
export const ProfileStatus = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof ProfileStatus>;

/** Roles an admin_roles row may hold. */
export const ADMIN_ROLE_NAMES = ['super_admin', 'admin', 'moderator', 'support'] as const;
export type AdminRoleName = (typeof ADMIN_ROLE_NAMES)[number];

export function profileRoleFromAdminRole(role: string | null | undefined): ProfileRole {
  if (role === 'super_admin' || role === 'admin') return 'admin';
  if (role === 'moderator' || role === 'support') return role;
  return 'user';
}
