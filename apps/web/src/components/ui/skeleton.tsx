import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block with the shape of content that is on its way; invisible to screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-muted', className)} />;
}

/** A few lines of text; the last one is shorter, like a real paragraph. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex flex-col gap-2', className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={cn('h-4', index === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}

/** The outline of a card: a heading line and a short paragraph. */
export function CardSkeleton({ className, lines = 2 }: { className?: string; lines?: number }) {
  return (
    <div
      aria-hidden="true"
      className={cn('flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5', className)}
    >
      <Skeleton className="h-5 w-1/2" />
      <SkeletonText lines={lines} />
    </div>
  );
}

interface LoadingSkeletonProps {
  /** Announced to screen readers while the placeholders are shown. */
  label?: string;
  children: ReactNode;
  className?: string;
}

/** Wraps skeleton blocks: one polite status ("Loading") instead of meaningless grey shapes. */
export function LoadingSkeleton({ label = 'Loading', children, className }: LoadingSkeletonProps) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
