import { PackagePlus, Store } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import type { FromState } from '../../../lib/redirect-target';
import { useSession } from '../../auth/api/auth.api';

/** After signing in, a guest who wanted to list gear lands on the listing form. */
const SIGN_IN_TO_LIST: FromState = { from: '/marketplace/new' };

/** The public listing list. */
export function MarketplaceRoute() {
  const session = useSession();
  const user = session.data?.user ?? null;

  const action = session.isPending ? null : user ? (
    <Link to="/marketplace/new" className={buttonClasses()}>
      <PackagePlus aria-hidden="true" size={18} />
      List My Gear
    </Link>
  ) : (
    <Link to="/auth/login" state={SIGN_IN_TO_LIST} className={buttonClasses()}>
      Sign in to list gear
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Marketplace · Castline</title>
      <PageHeader title="Marketplace" description="Rods, reels, combos and tackle from anglers near you." />
      <EmptyState
        icon={Store}
        title="No gear listed yet"
        description="The first listings will appear here as soon as anglers put their gear up for sale. Yours could be the first."
        action={action}
      />
    </div>
  );
}
