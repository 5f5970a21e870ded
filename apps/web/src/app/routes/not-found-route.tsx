import { Compass } from 'lucide-react';
import { Link } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundRoute() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Compass aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-ink-muted">
          Nothing’s biting at this address. The page may have moved, or the link may be mistyped.
        </p>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Back to home
        </Link>
      </div>
    </div>
  );
}
