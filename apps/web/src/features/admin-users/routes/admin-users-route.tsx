import { ADMIN_PAGE_SIZE } from '@castline/shared';
import { SearchX, Users } from 'lucide-react';
import { useCallback } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageNav } from '../../../components/ui/page-nav';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { AdminUsersFilters } from '../api/admin-users-filters';
import { isFiltered, useAdminUsersFilters } from '../api/admin-users-filters';
import { useAdminUsers } from '../api/admin-users.api';
import { AdminUsersFiltersBar } from '../components/admin-users-filters-bar';
import { AdminUsersList } from '../components/admin-users-list';
import { ROLE_LABELS, STATUS_LABELS } from '../components/member-labels';

function ListSkeleton() {
  return (
    <LoadingSkeleton label="Loading members" className="flex flex-col gap-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4"
        >
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
          <Skeleton className="hidden h-5 w-16 rounded-full sm:block" />
        </div>
      ))}
    </LoadingSkeleton>
  );
}

/** "“trout”, role Admin, status Banned": what the empty list was filtered by. */
function describeFilters(filters: AdminUsersFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.role) parts.push(`role ${ROLE_LABELS[filters.role]}`);
  if (filters.status) parts.push(`status ${STATUS_LABELS[filters.status] ?? filters.status}`);
  return parts.join(', ');
}

/** /admin/users: every member, searchable and filterable, 10 to a page. */
export function AdminUsersRoute() {
  const { filters, setFilters, setPage } = useAdminUsersFilters();
  const list = useAdminUsers(filters);
  const onSearch = useCallback((q: string) => setFilters({ q }), [setFilters]);
  const clearFilters = () => setFilters({ q: '', role: '', status: '' });

  const total = list.data?.total ?? 0;
  const pageSize = list.data?.pageSize ?? ADMIN_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  let content;
  if (list.isPending) {
    content = <ListSkeleton />;
  } else if (list.isError) {
    content = (
      <Alert tone="error" title="The members could not be loaded">
        <p>{errorMessage(list.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (list.data.users.length === 0) {
    content =
      total > 0 ? (
        <EmptyState
          icon={Users}
          title="No members on this page"
          description={`There are ${total.toLocaleString('en')} matching members, on ${pages === 1 ? 'one page' : `${pages} pages`}.`}
          action={<Button onClick={() => setPage(1)}>Go to the first page</Button>}
        />
      ) : isFiltered(filters) ? (
        <EmptyState
          icon={SearchX}
          title={`No members match ${describeFilters(filters)}`}
          description="Try another spelling, part of an email address, or fewer filters."
          action={
            <Button variant="secondary" onClick={clearFilters}>
              Clear search and filters
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={Users}
          title="No members yet"
          description="Members appear here as soon as they sign up."
        />
      );
  } else {
    content = (
      <div
        className={cn('flex flex-col gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isPlaceholderData || undefined}
      >
        <AdminUsersList users={list.data.users} />
        <PageNav
          label="Member pages"
          page={filters.page}
          pages={pages}
          busy={list.isPlaceholderData}
          onPage={(page) => {
            setPage(page);
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    );
  }

  return (
    <>
      <title>Members · Castline</title>
      <PageHeader
        title="Members"
        description="Find any member by username, full name or email, and open their account to ban, unban or change their role."
      />
      <div className="flex flex-col gap-5">
        <AdminUsersFiltersBar
          filters={filters}
          onSearch={onSearch}
          onRole={(role) => setFilters({ role })}
          onStatus={(status) => setFilters({ status })}
        />
        {list.data && !list.isError && (
          <p className="text-sm text-ink-muted" aria-live="polite">
            {total === 1
              ? `1 member${isFiltered(filters) ? ' matches' : ''}`
              : `${total.toLocaleString('en')} members${isFiltered(filters) ? ' match' : ''}`}
          </p>
        )}
        {content}
      </div>
    </>
  );
}
