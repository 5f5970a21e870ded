import type { OrderAction, OrderDto } from '@castline/shared';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { lazy, Suspense, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { ACTION_LABELS } from '../lib/order-texts';

// The steps' dialogs (their forms and the dialog library) load on first use, or on hover/focus.
const loadDialogs = () => import('./order-step-dialogs');
const OrderStepDialog = lazy(lazyNamed(loadDialogs, 'OrderStepDialog'));

interface OrderActionsProps {
  order: OrderDto;
  /** Where focus goes once a step is done and its button is gone (the "what next" heading). */
  afterStep: RefObject<HTMLElement | null>;
}

/** The steps the order's DTO lists for the caller, each a button opening its dialog. */
export function OrderActions({ order, afterStep }: OrderActionsProps) {
  if (order.actions.length === 0) return null;
  return (
    <div role="group" aria-label="Order actions" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {order.actions.map((action) => (
        <StepButton key={action} order={order} action={action} afterStep={afterStep} />
      ))}
    </div>
  );
}

function StepButton({
  order,
  action,
  afterStep,
}: { order: OrderDto; action: OrderAction } & Pick<OrderActionsProps, 'afterStep'>) {
  const dialog = useLazyDialog(loadDialogs);
  const { triggerRef } = dialog;
  // Focus goes back to the button, or, when the step took it away, to what comes next.
  const returnFocusTo = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return triggerRef.current?.isConnected ? triggerRef.current : afterStep.current;
      },
    }),
    [triggerRef, afterStep],
  );
  return (
    <>
      <Button variant={action === 'cancel' ? 'danger' : 'primary'} {...dialog.triggerProps}>
        {action === 'cancel' && <X aria-hidden="true" size={18} />}
        {ACTION_LABELS[action]}
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <OrderStepDialog
            order={order}
            action={action}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={returnFocusTo}
          />
        )}
      </Suspense>
    </>
  );
}
