import type { KeyboardEvent, MouseEvent } from 'react';
import { useCallback, useMemo, useRef, useState, useTransition } from 'react';

/** How the layer was first asked for: a keyboard opening puts focus on the first menu item. */
export type LayerOpenedWith = 'pointer' | 'keyboard';

export interface LazyLayer {
  /** null until the first activation; from then on the real (loaded) component is rendered. */
  openedWith: LayerOpenedWith | null;
  /** The layer's code is being fetched after an activation. */
  pending: boolean;
  /** Starts fetching the layer's code (hover or focus intent). */
  prefetch: () => void;
  activate: (via: LayerOpenedWith) => void;
  /** Spread on the stand-in trigger button drawn before the layer's code has loaded. */
  triggerProps: {
    onPointerEnter: () => void;
    onFocus: () => void;
    onClick: (event: MouseEvent<HTMLButtonElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
    'aria-busy': true | undefined;
  };
}

/**
 * A menu or dialog whose code loads on first use, so that it is not part of a page's first load.
 * The trigger is drawn at once as a plain button; hovering or focusing it fetches the layer's
 * module, and the first activation (click, Enter, Space, or ArrowDown for menus) mounts the real
 * component already open. The activation runs in a transition: while the module is still loading,
 * the stand-in trigger stays on screen and focused, marked busy, and no click is lost.
 *
 * Render the stand-in and the loaded component under one `<Suspense>` that is always present, so
 * that the transition keeps the stand-in instead of showing a fallback.
 */
export function useLazyLayer(load: () => Promise<unknown>, { arrowOpens = false } = {}): LazyLayer {
  const [openedWith, setOpenedWith] = useState<LayerOpenedWith | null>(null);
  const [pending, startTransition] = useTransition();

  const prefetch = useCallback(() => {
    // A failed fetch is retried (and reported) by the activation that needs it.
    load().catch(() => {});
  }, [load]);

  const activate = useCallback(
    (via: LayerOpenedWith) => {
      startTransition(() => setOpenedWith((current) => current ?? via));
    },
    [startTransition],
  );

  const triggerProps = useMemo<LazyLayer['triggerProps']>(
    () => ({
      onPointerEnter: prefetch,
      onFocus: prefetch,
      // Enter and Space click a button with `detail` 0.
      onClick: (event) => activate(event.detail === 0 ? 'keyboard' : 'pointer'),
      onKeyDown: (event) => {
        if (!arrowOpens || event.key !== 'ArrowDown') return;
        event.preventDefault();
        activate('keyboard');
      },
      'aria-busy': pending || undefined,
    }),
    [activate, arrowOpens, pending, prefetch],
  );

  return { openedWith, pending, prefetch, activate, triggerProps };
}

/** `import()` of a module's named export as a React.lazy default. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return () => load().then((module) => ({ default: module[name] }));
}

/**
 * A dialog whose code loads on first use, opened by a plain button: spread `triggerProps` on the
 * button; once `mounted`, render the dialog (under an always-present `<Suspense>`) with `open`,
 * `setOpen`, and `returnFocusTo={triggerRef}` so that focus goes back to the button on close.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const layer = useLazyLayer(load);
  const { activate } = layer;
  const show = useCallback(() => {
    activate('pointer');
    setOpen(true);
  }, [activate]);
  return {
    open,
    setOpen,
    show,
    layer,
    mounted: layer.openedWith !== null,
    triggerRef,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      'aria-busy': layer.pending || undefined,
      onPointerEnter: layer.prefetch,
      onFocus: layer.prefetch,
      onClick: show,
    },
  };
}
