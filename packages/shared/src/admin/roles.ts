import { z } from 'zod';
import { PROFILE_ROLES, PROFILE_STATUSES } from './admin-constants.js';

export const ProfileRole = z.enum(PROFILE_ROLES);
export type ProfileRole = z.infer<typeof ProfileRole>;

export const ProfileStatus = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof ProfileStatus>;
