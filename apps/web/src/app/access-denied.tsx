import { ACCESS_MESSAGES } from '@castline/shared';
import { ShieldX } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';
import { Link } from '../lib/router';
import { AlertPanel } from './alert-panel';

/** 'Access Denied': an admin page the member's roles do not open. */
export function AccessDenied() {
  return (
    <AlertPanel
      icon={ShieldX}
      title={ACCESS_MESSAGES.accessDeniedTitle}
      body={ACCESS_MESSAGES.accessDeniedBody}
      actions={
        <Link to="/admin" className={buttonClasses({ variant: 'secondary' })}>
          Back to the Admin Dashboard
        </Link>
      }
    />
  );
}
