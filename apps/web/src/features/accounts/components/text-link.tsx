import type { ComponentProps } from 'react';
import { Link } from '../../../lib/router';
import { cn } from '../../../lib/cn';

/** An inline text link in the brand colour. */
export function TextLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:underline',
        className,
      )}
      {...rest}
    />
  );
}
