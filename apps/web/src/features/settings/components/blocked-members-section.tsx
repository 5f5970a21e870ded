import type { MemberSummaryDto } from '@castline/shared';
import { SETTINGS_MESSAGES } from '@castline/shared';
import { ShieldBan } from 'lucide-react';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { ProfileAvatar, useBlockedMembers, useToggleBlock } from '../../profiles';
import { SettingsSection } from './settings-section';

/** The members you blocked, each with 'Unblock'. */
export function BlockedMembersSection() {
  const toast = useToast();
  const blocked = useBlockedMembers();
  const toggle = useToggleBlock();

  function unblock(member: MemberSummaryDto) {
    toggle.mutate(member.id, {
      onSuccess: (result) =>
        toast.show(result.blocked ? SETTINGS_MESSAGES.memberBlocked : SETTINGS_MESSAGES.memberUnblocked),
      onError: (error) => toast.show(errorMessage(error), { tone: 'error' }),
    });
  }

  return (
    <SettingsSection
      title="Blocked members"
      icon={ShieldBan}
      description="Blocked members can’t message you, and their messages and forum posts are collapsed for you."
    >
      {blocked.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading blocked members" size={24} className="text-brand" />
        </div>
      ) : blocked.isError ? (
        <Alert tone="error">
          <p>{SETTINGS_MESSAGES.blockedListFailed}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void blocked.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : blocked.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-ink-muted">
          {SETTINGS_MESSAGES.noBlockedMembers} You can block a member from their profile.
        </p>
      ) : (
        <ul
          aria-label="Blocked members"
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
        >
          {blocked.data.items.map((member) => (
            <BlockedRow
              key={member.id}
              member={member}
              unblocking={toggle.isPending && toggle.variables === member.id}
              onUnblock={() => unblock(member)}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function BlockedRow({
  member,
  unblocking,
  onUnblock,
}: {
  member: MemberSummaryDto;
  unblocking: boolean;
  onUnblock: () => void;
}) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <ProfileAvatar
        url={member.avatar_url}
        name={member.full_name ?? member.username}
        alt=""
        sizeClass="size-10"
        initialsClass="text-sm"
        displayPx={40}
        sizes="40px"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          id={nameId}
          to={`/profile/${encodeURIComponent(member.id)}`}
          className="truncate rounded-sm font-semibold hover:text-brand hover:underline"
        >
          {member.username}
        </Link>
        {member.full_name && <span className="truncate text-sm text-ink-muted">{member.full_name}</span>}
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={unblocking}
        aria-describedby={nameId}
        onClick={onUnblock}
      >
        Unblock
      </Button>
    </li>
  );
}
