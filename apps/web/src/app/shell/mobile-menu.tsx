import type { CurrentUserDto } from '@castline/shared';
import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { lazyNamed, useLazyLayer } from '../../components/ui/lazy-layer';
import { UnreadIndicator } from './unread-badges';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(lazyNamed(loadSheet, 'MobileMenuSheet'));

export const MOBILE_MENU_TRIGGER_CLASS =
  'relative inline-flex size-11 items-center justify-center rounded-lg text-topbar-ink hover:bg-white/10 focus-visible:outline-topbar-ink aria-busy:cursor-progress md:hidden';

/** The hamburger icon, with a dot when anything is unread. */
export function MobileMenuTriggerFace({ user }: { user: CurrentUserDto | null }) {
  return (
    <>
      <Menu aria-hidden="true" size={24} />
      {user && <UnreadIndicator kind="any" className="absolute top-2 right-2" />}
    </>
  );
}

/**
 * The hamburger menu for small screens (spec 000 §2 "Mobile"). The button is drawn at once; the
 * sheet's code loads on the first touch, hover, focus or opening.
 */
export function MobileMenu({ user }: { user: CurrentUserDto | null }) {
  const layer = useLazyLayer(loadSheet);
  const standIn = (
    <button
      type="button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      className={MOBILE_MENU_TRIGGER_CLASS}
      onPointerDown={layer.prefetch}
      {...layer.triggerProps}
    >
      <MobileMenuTriggerFace user={user} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>{layer.openedWith ? <MobileMenuSheet user={user} /> : standIn}</Suspense>
  );
}
