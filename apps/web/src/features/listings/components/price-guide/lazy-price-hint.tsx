import { lazy, Suspense } from 'react';
import type { PriceHintProps } from './price-hint';

const LoadedPriceHint = lazy(() => import('./price-hint').then((module) => ({ default: module.PriceHint })));

/** The listing form's price hint, loaded after the form. */
export function PriceHint(props: PriceHintProps) {
  return (
    <Suspense fallback={null}>
      <LoadedPriceHint {...props} />
    </Suspense>
  );
}
