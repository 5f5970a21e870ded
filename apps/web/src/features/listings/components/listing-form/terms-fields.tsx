import type { HandoverMethod, Option } from '@castline/shared';
import {
  HANDLING_DAYS_OPTIONS,
  HANDOVER_LABELS,
  HANDOVER_METHODS,
  RETURN_WINDOW_OPTIONS,
  SHIPPING_PRICE_MAX,
  SHIPS_FROM_MAX,
  ships,
} from '@castline/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { FieldError, SelectField } from '../../../../components/ui/form-fields';
import { TextField } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import type { ListingField, ListingFieldErrors, TermsValues } from '../../lib/listing-form-values';

const HANDOVER_OPTIONS = HANDOVER_METHODS.map((value) => ({ value, label: HANDOVER_LABELS[value] }));
const HANDLING_OPTIONS: Option[] = HANDLING_DAYS_OPTIONS.map((days) => ({
  value: String(days),
  label: `Ships within ${days} business ${days === 1 ? 'day' : 'days'}`,
}));
const RETURN_OPTIONS: Option[] = RETURN_WINDOW_OPTIONS.map((days) => ({
  value: String(days),
  label: `${days} days`,
}));

const CHOICE =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring';

/** A checkbox with its label and an optional hint under it; the whole row is the touch target. */
function CheckboxField({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2.5 text-sm font-medium"
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4.5 shrink-0 accent-[var(--brand)]"
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

interface TermsFieldsProps {
  value: TermsValues;
  /** The listing's location, which it ships from unless the seller names another place. */
  location: string;
  errors: ListingFieldErrors;
  /** The new terms and the fields whose errors they settle. */
  onChange: (value: TermsValues, touched: ListingField[]) => void;
}

/**
 * The "Delivery and terms" fields: how the gear changes hands, what shipping costs, where it ships
 * from and how soon, and whether the seller takes offers and returns. Shipping details show only
 * when the gear ships, the return window only with returns.
 */
export function TermsFields({ value, location, errors, onChange }: TermsFieldsProps) {
  const handoverId = useId();
  const set = (patch: Partial<TermsValues>, touched: ListingField[]) =>
    onChange({ ...value, ...patch }, touched);
  const shipped = ships(value.handover);
  const handoverError = errors.handover;

  return (
    <div className="flex flex-col gap-6">
      <fieldset
        data-field="handover"
        aria-describedby={handoverError ? `${handoverId}-error` : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1.5 text-sm font-medium text-ink">How buyers get the gear</legend>
        <div className="flex flex-wrap gap-2">
          {HANDOVER_OPTIONS.map((option) => {
            const checked = value.handover === option.value;
            return (
              <label
                key={option.value}
                className={cn(
                  CHOICE,
                  checked
                    ? 'border-brand bg-brand-soft text-brand'
                    : handoverError
                      ? 'border-danger bg-surface'
                      : 'border-line bg-surface',
                )}
              >
                <input
                  type="radio"
                  name="handover"
                  value={option.value}
                  checked={checked}
                  onChange={() =>
                    set({ handover: option.value as HandoverMethod }, [
                      'handover',
                      'shipping_price',
                      'ships_from',
                      'handling_days',
                    ])
                  }
                  className="size-4 accent-[var(--brand)]"
                />
                {option.label}
              </label>
            );
          })}
        </div>
        {handoverError && <FieldError id={`${handoverId}-error`}>{handoverError}</FieldError>}
      </fieldset>

      {shipped && (
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <div data-field="shipping_price">
              <TextField
                label="Shipping price (USD)"
                name="shipping_price"
                type="number"
                inputMode="decimal"
                min={0}
                max={SHIPPING_PRICE_MAX}
                step="0.01"
                leading="$"
                placeholder="0.00"
                disabled={value.freeShipping}
                value={value.freeShipping ? '0' : value.shippingPrice}
                error={errors.shipping_price}
                onChange={(event) => set({ shippingPrice: event.target.value }, ['shipping_price'])}
              />
            </div>
            <CheckboxField
              name="free_shipping"
              label="Free shipping"
              checked={value.freeShipping}
              onChange={(freeShipping) =>
                set({ freeShipping, shippingPrice: freeShipping ? '' : value.shippingPrice }, [
                  'shipping_price',
                ])
              }
            />
          </div>
          <div data-field="ships_from">
            <TextField
              label="Ships from"
              name="ships_from"
              maxLength={SHIPS_FROM_MAX}
              autoComplete="off"
              placeholder={location || 'Your town'}
              hint="Leave empty to ship from the listing's location."
              value={value.shipsFrom}
              error={errors.ships_from}
              onChange={(event) => set({ shipsFrom: event.target.value }, ['ships_from'])}
            />
          </div>
          <div data-field="handling_days">
            <SelectField
              label="Handling time"
              name="handling_days"
              options={HANDLING_OPTIONS}
              value={value.handlingDays}
              error={errors.handling_days}
              onChange={(event) => set({ handlingDays: event.target.value }, ['handling_days'])}
            />
          </div>
        </div>
      )}

      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <CheckboxField
          name="accepts_offers"
          label="Accept offers"
          hint="Buyers can send you an offer, which you accept, counter or reject."
          checked={value.acceptsOffers}
          onChange={(acceptsOffers) => set({ acceptsOffers }, ['auto_decline_below', 'auto_accept_at'])}
        />
        {value.acceptsOffers && (
          <div className="grid gap-5 sm:grid-cols-2">
            <div data-field="auto_decline_below">
              <TextField
                label="Decline offers below (optional)"
                name="auto_decline_below"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                leading="$"
                hint="Lower offers are turned down at once; buyers never see this amount."
                value={value.autoDeclineBelow}
                error={errors.auto_decline_below}
                onChange={(event) =>
                  set({ autoDeclineBelow: event.target.value }, ['auto_decline_below', 'auto_accept_at'])
                }
              />
            </div>
            <div data-field="auto_accept_at">
              <TextField
                label="Accept offers at or above (optional)"
                name="auto_accept_at"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                leading="$"
                hint="Such an offer becomes an order at once, without asking you."
                value={value.autoAcceptAt}
                error={errors.auto_accept_at}
                onChange={(event) => set({ autoAcceptAt: event.target.value }, ['auto_accept_at'])}
              />
            </div>
          </div>
        )}
        <CheckboxField
          name="returns_accepted"
          label="Accept returns"
          checked={value.returnsAccepted}
          onChange={(returnsAccepted) => set({ returnsAccepted }, ['return_window_days'])}
        />
        {value.returnsAccepted && (
          <div data-field="return_window_days" className="sm:max-w-xs">
            <SelectField
              label="Return window"
              name="return_window_days"
              options={RETURN_OPTIONS}
              hint="How long buyers have to send the gear back."
              value={value.returnWindowDays}
              error={errors.return_window_days}
              onChange={(event) => set({ returnWindowDays: event.target.value }, ['return_window_days'])}
            />
          </div>
        )}
      </div>
    </div>
  );
}
