import type { AdminPermission, CurrentUserDto } from '@castline/shared';
import { actsAsAdmin, actsWithPermissions, policyActorOf } from '@castline/shared';
import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  ClipboardList,
  Gavel,
  ImageIcon,
  LayoutDashboard,
  ListChecks,
  MessagesSquare,
  MonitorSmartphone,
  ScrollText,
  Settings,
  ShieldCheck,
  ShieldAlert,
  Users,
} from 'lucide-react';

export interface AdminSection {
  label: string;
  to: string;
  /** What the page is for, in one line (the dashboard's tool list). */
  description: string;
  icon: LucideIcon;
  /** The permission the page (and its API) needs; none for pages every admin may open. */
  permission?: AdminPermission;
  /** Active only on this exact address (a parent of other sections). */
  end?: boolean;
}

export interface AdminSectionGroup {
  label: string;
  sections: readonly AdminSection[];
}

/** The admin area's pages, grouped as in the section navigation. */
export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  {
    label: 'Overview',
    sections: [
      {
        label: 'Dashboard',
        to: '/admin',
        end: true,
        icon: LayoutDashboard,
        description: 'Your access, membership figures and activity over time.',
      },
    ],
  },
  {
    label: 'People',
    sections: [
      {
        label: 'Users',
        to: '/admin/users',
        permission: 'users.read',
        icon: Users,
        description: 'Find members, see their activity, ban or unban them and change roles.',
      },
      {
        label: 'Admins & roles',
        to: '/admin/roles',
        permission: 'users.read',
        icon: ShieldCheck,
        description: 'Who is on staff, with which role and permissions.',
      },
      {
        label: 'Sessions',
        to: '/admin/sessions',
        permission: 'sessions.manage',
        icon: MonitorSmartphone,
        description: 'Signed-in sessions across Castline; end one that should not be there.',
      },
    ],
  },
  {
    label: 'Moderation',
    sections: [
      {
        label: 'Queue',
        to: '/admin/moderation',
        end: true,
        permission: 'content.moderate',
        icon: ShieldAlert,
        description: 'Reported and flagged content waiting for a decision.',
      },
      {
        label: 'Listing approval',
        to: '/admin/moderation/listings',
        permission: 'listings.manage',
        icon: ListChecks,
        description: 'New listings waiting to be approved before they go live.',
      },
      {
        label: 'Rules',
        to: '/admin/moderation/rules',
        permission: 'moderation.rules',
        icon: Gavel,
        description: 'The rules that flag content for the moderation queue.',
      },
      {
        label: 'Moderation log',
        to: '/admin/moderation/logs',
        permission: 'content.moderate',
        icon: ClipboardList,
        description: 'Every moderation decision, who made it and why.',
      },
      {
        label: 'Forum',
        to: '/admin/forum',
        permission: 'forum.manage',
        icon: MessagesSquare,
        description: 'Edit or hide forum posts and remove comments.',
      },
    ],
  },
  {
    label: 'System',
    sections: [
      {
        label: 'Settings',
        to: '/admin/settings',
        permission: 'settings.manage',
        icon: Settings,
        description: 'Listing approval, sign-ups and the site notice.',
      },
      {
        label: 'Audit log',
        to: '/admin/audit-logs',
        permission: 'audit.read',
        icon: ScrollText,
        description: 'Every staff action, with what changed.',
      },
      {
        label: 'Errors & events',
        to: '/admin/monitoring',
        permission: 'analytics.read',
        icon: Activity,
        description: 'Errors and events reported by browsers.',
      },
      {
        label: 'Image performance',
        to: '/admin/image-performance',
        permission: 'analytics.read',
        icon: ImageIcon,
        description: 'Load times, cache hits and formats of the images this browser has shown.',
      },
    ],
  },
];

type StaffUser = Pick<CurrentUserDto, 'id' | 'status' | 'is_admin' | 'permissions'>;

/** True when the signed-in user holds every listed permission (and is not banned). */
export function userCan(user: StaffUser | null | undefined, ...permissions: AdminPermission[]): boolean {
  return actsWithPermissions(policyActorOf(user), permissions);
}

/** The groups with only the sections `user` may open; groups left empty are dropped. */
export function visibleSectionGroups(user: StaffUser | null | undefined): AdminSectionGroup[] {
  const actor = policyActorOf(user);
  return ADMIN_SECTION_GROUPS.map((group) => ({
    label: group.label,
    sections: group.sections.filter((section) =>
      section.permission ? actsWithPermissions(actor, [section.permission]) : actsAsAdmin(actor),
    ),
  })).filter((group) => group.sections.length > 0);
}
