import { lazy, Suspense } from 'react';
import type { PriceGuideProps } from './price-guide';

const LoadedPriceGuide = lazy(() =>
  import('./price-guide').then((module) => ({ default: module.PriceGuide })),
);

/**
 * A listing's price guide, loaded after the page (its code and its request stay out of the
 * page's first load); nothing is drawn until it has figures to show.
 */
export function PriceGuide(props: PriceGuideProps) {
  return (
    <Suspense fallback={null}>
      <LoadedPriceGuide {...props} />
    </Suspense>
  );
}
