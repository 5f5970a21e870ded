import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';

/** Rows of a member's section on their way: a thumbnail and two lines each. */
export function RowsSkeletonBlocks({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-xl border border-line p-3">
          <Skeleton className="size-12 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The outline of a member's sections while their code loads (see member-sections.tsx). */
export function MemberSectionsSkeleton({ captain }: { captain: boolean }) {
  return (
    <LoadingSkeleton label="Loading your home" className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      {Array.from({ length: captain ? 4 : 3 }, (_, index) => (
        <div key={index} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-6 w-40" />
          <RowsSkeletonBlocks />
        </div>
      ))}
    </LoadingSkeleton>
  );
}
