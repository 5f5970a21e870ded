import { actsWithPermissions, policyActorOf } from '@castline/shared';
import { Link } from '../../../lib/router';
import { useSession } from '../../../lib/session';

/**
 * The member an error or event came from, by id (a link to their admin page for users.read), or
 * "Not signed in" for server errors raised outside a session.
 */
export function MemberRef({ userId }: { userId: string | null }) {
  const { data } = useSession();
  const user = data?.user ?? null;
  if (!userId) return <span className="text-ink-muted">Not signed in</span>;
  const canOpen = actsWithPermissions(policyActorOf(user), ['users.read']);
  const label = <code className="font-mono text-xs break-all">{userId}</code>;
  return canOpen ? (
    <Link
      to={`/admin/users/${encodeURIComponent(userId)}`}
      aria-label={`Member ${userId}`}
      className="text-brand underline-offset-2 hover:underline"
    >
      {label}
    </Link>
  ) : (
    label
  );
}
