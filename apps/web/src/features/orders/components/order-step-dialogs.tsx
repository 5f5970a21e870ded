import type { OrderAction, OrderDto } from '@castline/shared';
import { ORDER_AUTO_COMPLETE_DAYS, ORDER_LIMITS } from '@castline/shared';
import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-fields';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { checkWith } from '../../../lib/load-request-schemas';
import { formatDollars as formatPrice } from '../../../lib/format-number';
import type { OrderStep } from '../api/orders.api';
import { useOrderStep } from '../api/orders.api';
import { ACTION_LABELS, memberName, otherSide } from '../lib/order-texts';
import { RadioCard } from './radio-card';

interface OrderStepDialogProps {
  order: OrderDto;
  action: OrderAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (or what follows when the step took that button away). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The dialog of one step: a confirmation, the shipping form, or the reason for cancelling. */
export function OrderStepDialog(props: OrderStepDialogProps) {
  const { order, action, open, onOpenChange, returnFocusTo } = props;
  const step = useOrderStep(order.id);
  const toast = useToast();
  // The dialog stays while the step runs; closing it forgets the last failure.
  const change = (next: boolean) => {
    if (step.isPending) return;
    if (!next) step.reset();
    onOpenChange(next);
  };
  const run = (request: OrderStep, done: string, onError?: (error: unknown) => void) => {
    if (step.isPending) return;
    step.mutate(request, {
      onSuccess: () => {
        onOpenChange(false);
        toast.show(done);
      },
      ...(onError ? { onError } : {}),
    });
  };
  const body =
    action === 'ship' ? (
      <ShipForm order={order} step={step} run={run} />
    ) : action === 'cancel' ? (
      <CancelForm order={order} step={step} run={run} />
    ) : (
      <ConfirmStep action={action} step={step} run={run} />
    );
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={TITLES[action]}
        description={describe(order, action)}
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}

const TITLES: Record<OrderAction, string> = {
  'confirm-payment': 'Confirm payment received?',
  ship: 'Mark as shipped',
  receive: 'Mark as received?',
  cancel: 'Cancel this order?',
};

function describe(order: OrderDto, action: OrderAction): string {
  const other = memberName(otherSide(order));
  const item = `“${order.listing.title}”`;
  switch (action) {
    case 'confirm-payment':
      return `Confirm only once the ${formatPrice(order.total)} you arranged with ${other} for ${item} has reached you. ${other} is told, and the next step is yours: ship it or get it ready for pickup.`;
    case 'ship':
      return `Send ${item} with a carrier, or get it ready for ${other} to pick up. ${other} is told, and the order completes automatically ${ORDER_AUTO_COMPLETE_DAYS} days later unless they mark it received first.`;
    case 'receive':
      return order.return_window_days !== null
        ? `Confirm that you have ${item}. ${other} is told, and the order completes when the ${order.return_window_days}-day return window closes.`
        : `Confirm that you have ${item}. ${other} is told, and the order is complete.`;
    case 'cancel':
      return `The order is cancelled and the listing goes back on the market. ${other} is told, with your reason.`;
  }
}

type StepMutation = ReturnType<typeof useOrderStep>;
type Run = (request: OrderStep, done: string, onError?: (error: unknown) => void) => void;

/** The failure to show above the buttons, unless it already sits next to its field. */
function StepError({ step, fieldErrors = {} }: { step: StepMutation; fieldErrors?: FieldErrors }) {
  if (!step.isError || Object.values(fieldErrors).includes(step.error.message)) return null;
  return <Alert tone="error">{errorMessage(step.error)}</Alert>;
}

function Buttons({
  step,
  dismiss,
  confirm,
  danger = false,
}: {
  step: StepMutation;
  dismiss: string;
  confirm: string;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary" disabled={step.isPending}>
          {dismiss}
        </Button>
      </DialogClose>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={step.isPending}>
        {confirm}
      </Button>
    </div>
  );
}

function ConfirmStep({
  action,
  step,
  run,
}: {
  action: 'confirm-payment' | 'receive';
  step: StepMutation;
  run: Run;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run({ action }, action === 'receive' ? 'Marked as received' : 'Payment confirmed');
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <StepError step={step} />
      <Buttons
        step={step}
        dismiss="Not yet"
        confirm={action === 'receive' ? 'Yes, I have it' : 'Yes, payment received'}
      />
    </form>
  );
}

type ShipMethod = 'shipping' | 'pickup';
type ShipField = 'method' | 'carrier' | 'tracking_number' | 'pickup_note';
const SHIP_FIELDS: readonly ShipField[] = ['method', 'carrier', 'tracking_number', 'pickup_note'];
const REASON_FIELDS = ['reason'] as const;

/** Shipped with a carrier and tracking number, or ready for pickup with a note; the order's handover first. */
function ShipForm({ order, step, run }: { order: OrderDto; step: StepMutation; run: Run }) {
  const [method, setMethod] = useState<ShipMethod>(order.handover === 'pickup' ? 'pickup' : 'shipping');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const { errors, show, clear } = useFieldErrors(SHIP_FIELDS);
  const buyer = memberName(order.buyer);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (step.isPending) return;
    checkWith(
      'ShipOrderBody',
      method === 'shipping' ? { method, carrier, tracking_number: tracking } : { method, pickup_note: note },
      {
        form,
        invalid: (error) => {
          step.reset();
          show(fieldErrorsFromZod<ShipField>(error), form);
        },
        valid: (body) => {
          show({});
          run(
            { action: 'ship', body },
            method === 'shipping' ? 'Marked as shipped' : 'Marked as ready for pickup',
            (error) => {
              if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, SHIP_FIELDS), form);
            },
          );
        },
      },
    );
  };

  const choose = (next: ShipMethod) => {
    setMethod(next);
    clear('method');
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">How does it reach {buyer}?</legend>
        <RadioCard
          name="method"
          value="shipping"
          checked={method === 'shipping'}
          onChange={choose}
          label="Shipping"
          detail={`With a carrier and a tracking number${order.handover === 'shipping' ? ` (${buyer} chose shipping)` : ''}`}
        />
        <RadioCard
          name="method"
          value="pickup"
          checked={method === 'pickup'}
          onChange={choose}
          label="Ready for pickup"
          detail={`${buyer} collects it in person${order.handover === 'pickup' ? ' (as they chose)' : ''}`}
        />
      </fieldset>
      {method === 'shipping' ? (
        <>
          <TextField
            label="Carrier"
            name="carrier"
            value={carrier}
            autoComplete="off"
            placeholder="USPS, UPS, FedEx…"
            onChange={(event) => {
              setCarrier(event.target.value);
              clear('carrier');
            }}
            error={errors.carrier}
          />
          <TextField
            label="Tracking number"
            name="tracking_number"
            value={tracking}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint={`${ORDER_LIMITS.trackingMin} to ${ORDER_LIMITS.trackingMax} letters, digits, spaces or dashes.`}
            onChange={(event) => {
              setTracking(event.target.value);
              clear('tracking_number');
            }}
            error={errors.tracking_number}
          />
        </>
      ) : (
        <TextAreaField
          label="Pickup note"
          name="pickup_note"
          value={note}
          rows={3}
          className="[&_textarea]:min-h-24"
          hint={`Where and when ${buyer} can pick it up. ${note.length} / ${ORDER_LIMITS.pickupNoteMax}`}
          onChange={(event) => {
            setNote(event.target.value);
            clear('pickup_note');
          }}
          error={errors.pickup_note}
        />
      )}
      {errors.method && <Alert tone="error">{errors.method}</Alert>}
      <StepError step={step} fieldErrors={errors} />
      <Buttons
        step={step}
        dismiss="Cancel"
        confirm={method === 'shipping' ? ACTION_LABELS.ship : 'Mark ready for pickup'}
      />
    </form>
  );
}

/** Either side cancels before it is shipped, and says why (required, at most 500 characters). */
function CancelForm({ order, step, run }: { order: OrderDto; step: StepMutation; run: Run }) {
  const [reason, setReason] = useState('');
  const { errors, show, clear } = useFieldErrors(REASON_FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (step.isPending) return;
    checkWith(
      'CancelOrderBody',
      { reason },
      {
        form,
        invalid: (error) => {
          step.reset();
          show(fieldErrorsFromZod<'reason'>(error), form);
        },
        valid: (body) => {
          show({});
          run({ action: 'cancel', body }, 'Order cancelled', (error) => {
            if (isApiError(error)) show(fieldErrorsFromIssues(error.issues, REASON_FIELDS), form);
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextAreaField
        label="Reason"
        name="reason"
        value={reason}
        rows={3}
        required
        className="[&_textarea]:min-h-24"
        hint={`Tell ${memberName(otherSide(order))} why. ${reason.length} / ${ORDER_LIMITS.reasonMax}`}
        onChange={(event) => {
          setReason(event.target.value);
          clear('reason');
        }}
        error={errors.reason}
      />
      <StepError step={step} fieldErrors={errors} />
      <Buttons step={step} dismiss="Keep order" confirm={ACTION_LABELS.cancel} danger />
    </form>
  );
}
