import type { ProfileRole, ProfileStatus } from '@castline/shared';
import { PROFILE_STATUSES } from '@castline/shared';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { SearchForm } from '../../../components/ui/search-form';
import type { AdminUsersFilters } from '../api/admin-users-filters';
import { ADMIN_USERS_SEARCH_MAX } from '../api/admin-users-filters';
import { ROLE_LABELS, ROLE_ORDER, STATUS_LABELS } from './member-labels';

const SELECT_CLASSES =
  'block min-h-11 w-full appearance-none rounded-lg border border-line bg-surface py-1.5 pr-9 pl-3 text-sm font-medium text-ink shadow-xs focus-visible:border-ring';

function FilterSelect<T extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: T | '';
  allLabel: string;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | '') => void;
}) {
  const selectId = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium whitespace-nowrap text-ink-muted">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          id={selectId}
          value={value}
          onChange={(event) =>
            onChange(options.find((option) => option.value === event.target.value)?.value ?? '')
          }
          className={SELECT_CLASSES}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </div>
  );
}

const ROLE_OPTIONS = ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = PROFILE_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status] ?? status,
}));

/** The member list's search box and its role and status filters. */
export function AdminUsersFiltersBar({
  filters,
  onSearch,
  onRole,
  onStatus,
}: {
  filters: AdminUsersFilters;
  onSearch: (q: string) => void;
  onRole: (role: ProfileRole | '') => void;
  onStatus: (status: ProfileStatus | '') => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchForm
        name="Members"
        label="Search members"
        value={filters.q}
        onSearch={onSearch}
        placeholder="Username, full name or email"
        maxLength={ADMIN_USERS_SEARCH_MAX}
        hint="Matches username, full name or email."
        className="min-w-0 flex-1 sm:min-w-64"
      />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap">
        <FilterSelect
          label="Role"
          value={filters.role}
          allLabel="All roles"
          options={ROLE_OPTIONS}
          onChange={onRole}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          onChange={onStatus}
        />
      </div>
    </div>
  );
}
