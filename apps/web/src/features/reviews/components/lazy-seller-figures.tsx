import { lazy, Suspense } from 'react';
import { cn } from '../../../lib/cn';

const Figures = lazy(() => import('./seller-figures').then((module) => ({ default: module.SellerFigures })));

/**
 * SellerFigures loaded after the page's first load (its own small chunk), holding its line's
 * height meanwhile so nothing moves when it arrives: for a page whose first load is at its budget.
 */
export function LazySellerFigures(props: { sellerId: string; className?: string }) {
  return (
    <Suspense fallback={<span className={cn('block min-h-5', props.className)} />}>
      <Figures {...props} />
    </Suspense>
  );
}
