import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardSkeleton, LoadingSkeleton, Skeleton, SkeletonText } from './skeleton';

describe('skeletons', () => {
  it('announce one loading status and hide the placeholder shapes', () => {
    const { container } = render(
      <LoadingSkeleton label="Loading profile">
        <Skeleton className="h-8" />
        <SkeletonText lines={3} />
        <CardSkeleton />
      </LoadingSkeleton>,
    );
    const status = screen.getByRole('status', { name: 'Loading profile' });
    expect(status).toHaveTextContent('Loading profile');
    const shapes = container.querySelectorAll('.animate-pulse');
    expect(shapes.length).toBeGreaterThan(3);
    for (const shape of shapes) expect(shape.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('say "Loading" by default', () => {
    render(
      <LoadingSkeleton>
        <Skeleton />
      </LoadingSkeleton>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
