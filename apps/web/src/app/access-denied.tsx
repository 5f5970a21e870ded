import { ACCESS_MESSAGES } from '@castline/shared';
import { ShieldX } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';
import { Link } from '../lib/router';

/** 'Access Denied': an admin page the member's roles do not open. */
export function AccessDenied() {
  return (
    <div role="alert" className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
          <ShieldX aria-hidden="true" size={28} />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">
          {ACCESS_MESSAGES.accessDeniedTitle}
        </h1>
        <p className="text-ink-muted">{ACCESS_MESSAGES.accessDeniedBody}</p>
        <Link to="/admin" className={buttonClasses({ variant: 'secondary' })}>
          Back to the Admin Dashboard
        </Link>
      </div>
    </div>
  );
}
