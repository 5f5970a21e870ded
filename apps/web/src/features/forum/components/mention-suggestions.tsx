import type { MemberSummaryDto } from '@castline/shared';
import { useEffect, useMemo } from 'react';
import { useMemberSearch } from '../../members';

/**
 * The member search behind the mention list, loaded with the first `@` typed: it reports the
 * members matching `query` (at most 10) to the field that shows them, once each time they change.
 */
export default function MentionSuggestions({
  query,
  onMembers,
}: {
  query: string;
  onMembers: (members: MemberSummaryDto[]) => void;
}) {
  const { items } = useMemberSearch(query);
  // A new list only when its members change: the search answers a fresh empty list while it waits.
  const ids = items.map((member) => member.id).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the members' ids on purpose
  const members = useMemo(() => items, [ids]);
  useEffect(() => onMembers(members), [members, onMembers]);
  return null;
}
