import type { Category, Condition, GearType, ListingBody, ListingDto } from '@castline/shared';
import {
  CATEGORY_OPTIONS,
  CONDITION_OPTIONS,
  GEAR_TYPES,
  LISTING_DESCRIPTION_MAX,
  LISTING_MESSAGES,
  LISTING_TITLE_MAX,
} from '@castline/shared';
import { Camera, Check, FileText, MapPin, PackagePlus, Settings, Truck } from 'lucide-react';
import type { FormEvent, SetStateAction } from 'react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '../../../../lib/router';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { CheckboxGroup, SelectField, TextAreaField } from '../../../../components/ui/form-fields';
import { TagPicker } from '../../../../components/ui/tag-picker';
import { TextField } from '../../../../components/ui/text-field';
import { ToastScope, useToastScope } from '../../../../components/ui/toast-scope';
import { useToast } from '../../../../components/ui/toaster';
import { isApiError } from '../../../../lib/api-client';
import { useListingsRequireApproval } from '../../../../lib/site-settings';
import { useSession } from '../../../../lib/session';
import { LocationField } from '../../../places';
import { useCreateListing, useUpdateListing } from '../../api/listing-mutations';
import { formApprovalText } from '../../lib/approval-texts';
import type { ImageListState } from '../../lib/image-list';
import type { ListingField, ListingFieldErrors, ListingFormValues } from '../../lib/listing-form-values';
import {
  changeCategory,
  emptyListingFormValues,
  errorsFromIssues,
  formValuesFromListing,
  hasReelDetails,
  hasRodDetails,
  priceStep,
  roundPriceInput,
  toListingInput,
} from '../../lib/listing-form-values';
import { ImageUpload } from '../image-upload/image-upload';
import { PriceHint } from '../price-guide/lazy-price-hint';
import { FormSection } from './form-section';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { checkWith } from '../../../../lib/load-request-schemas';

// The terms' fields load just after the form (the editor's first load is kept small); the form
// holds their values from the start, so nothing typed or checked waits for them.
const TermsFields = lazy(() => import('./terms-fields').then((module) => ({ default: module.TermsFields })));
// The rod and reel fields (with the brand lists) load when a category that has them is chosen.
const RodDetails = lazy(() => import('./gear-details').then((module) => ({ default: module.RodDetails })));
const ReelDetails = lazy(() => import('./gear-details').then((module) => ({ default: module.ReelDetails })));

const GEAR_TYPE_OPTIONS = GEAR_TYPES.map((type) => ({ value: type, label: type }));
const ROD_FIELDS: ListingField[] = [
  'rod_brand',
  'rod_composition',
  'rod_power_rating',
  'rod_length_feet',
  'rod_length_inches',
];
const REEL_FIELDS: ListingField[] = ['reel_brand', 'reel_type', 'reel_gear_ratio'];

const PRICE_HINT = 'Cents are allowed up to $1; above that, whole dollars.';

export const UPLOADS_IN_PROGRESS = 'Please wait until your photos have finished uploading.';

/** Moves focus to a field's control: the element marked data-field, or the first control inside it. */
function focusField(form: HTMLFormElement | null, field: ListingField) {
  const holder = form?.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!holder) return;
  const control = holder.matches('input, select, textarea, button')
    ? holder
    : holder.querySelector<HTMLElement>('input:not([type="file"]), select, textarea, button:not([disabled])');
  control?.focus();
}

interface ListingFormProps {
  mode: 'create' | 'edit';
  /** The listing being edited (edit mode). */
  listing?: ListingDto;
}

/**
 * The listing form (spec 000 §2, §4, §5): details, photos, location and rod or reel details,
 * checked with the shared ListingBody rules (the first message is a toast, all are shown inline).
 * Its own toasts (checks, the photos' uploads, the request to wait for them) are closed once they
 * no longer hold: on saving, and when the member leaves the form; only the success toast, shown
 * by the app, goes on to the next page.
 */
export function ListingForm({ mode, listing }: ListingFormProps) {
  const navigate = useNavigate();
  const appToast = useToast();
  const toast = useToastScope();
  const { data: session } = useSession();
  const createListing = useCreateListing();
  const updateListing = useUpdateListing(listing?.id ?? '');
  const saving = mode === 'edit' ? updateListing : createListing;
  // What happens to a new listing depends on the site's "Listings need approval" setting.
  const approvalText = formApprovalText(useListingsRequireApproval());

  const initial = useMemo(
    () => (listing ? formValuesFromListing(listing) : emptyListingFormValues()),
    [listing],
  );
  const [values, setValues] = useState<ListingFormValues>(initial);
  const [errors, setErrors] = useState<ListingFieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const leavingRef = useRef(false);
  /** The 'please wait for your photos' toast on screen, if any. */
  const waitToastRef = useRef<number | null>(null);

  const closeWaitToast = useCallback(() => {
    if (waitToastRef.current === null) return;
    toast.dismiss(waitToastRef.current);
    waitToastRef.current = null;
  }, [toast]);

  // Once the photos are up there is nothing left to wait for.
  useEffect(() => {
    if (!uploading) closeWaitToast();
  }, [uploading, closeWaitToast]);

  const dirty = uploading || JSON.stringify(values) !== JSON.stringify(initial);

  const clearErrors = useCallback((fields: readonly ListingField[]) => {
    setErrors((current) => {
      if (!fields.some((field) => current[field] !== undefined)) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);

  function set<K extends keyof ListingFormValues>(
    key: K,
    value: ListingFormValues[K],
    fields: ListingField[],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    clearErrors(fields);
  }

  const images = useMemo<ImageListState>(
    () => ({ images: values.images, mainImageIndex: values.mainImageIndex }),
    [values.images, values.mainImageIndex],
  );
  const setImages = useCallback(
    (update: SetStateAction<ImageListState>) => {
      setValues((current) => {
        const previous = { images: current.images, mainImageIndex: current.mainImageIndex };
        const next = typeof update === 'function' ? update(previous) : update;
        return { ...current, images: next.images, mainImageIndex: next.mainImageIndex };
      });
      clearErrors(['images']);
    },
    [clearErrors],
  );

  function showErrors(issues: Parameters<typeof errorsFromIssues>[0], toastMessage?: string) {
    const { errors: next, first } = errorsFromIssues(issues);
    flushSync(() => setErrors(next));
    const message = toastMessage ?? first?.message;
    if (message) toast.show(message, { tone: 'error' });
    if (first) focusField(formRef.current, first.field);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.isPending) return;
    if (!session?.user) {
      toast.show(LISTING_MESSAGES.mustBeLoggedIn, { tone: 'error' });
      return;
    }
    if (uploading) {
      // One request to wait at a time: asking again shows it afresh.
      closeWaitToast();
      waitToastRef.current = toast.show(UPLOADS_IN_PROGRESS, { tone: 'info' });
      return;
    }
    checkWith('ListingBody', toListingInput(values), {
      form: event.currentTarget,
      invalid: (error) => showErrors(error.issues),
      valid: save,
    });
  }

  function save(body: ListingBody) {
    setErrors({});
    saving.mutate(body, {
      onSuccess: () => {
        leavingRef.current = true;
        // What the form said before (checks, uploads) is done with: the success is all that shows.
        toast.dismissAll();
        if (mode === 'edit') {
          appToast.show(LISTING_MESSAGES.updated, { tone: 'success' });
          void navigate('/profile');
        } else {
          appToast.show(LISTING_MESSAGES.created, { tone: 'success' });
          void navigate('/marketplace');
        }
      },
      onError: (error) => {
        const fallback = mode === 'edit' ? LISTING_MESSAGES.updateFailed : LISTING_MESSAGES.submitFailed;
        const fromServer = isApiError(error) && !error.isNetworkError && error.code !== 'UNEXPECTED_RESPONSE';
        showErrors(isApiError(error) ? error.issues : [], fromServer ? error.message : fallback);
      },
    });
  }

  function cancel() {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index === 'number' && index > 0) void navigate(-1);
    else void navigate(mode === 'edit' ? '/profile' : '/marketplace');
  }

  const rods = hasRodDetails(values.category);
  const reels = hasReelDetails(values.category);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label={mode === 'edit' ? 'Edit listing' : 'New listing'}
      className="flex flex-col gap-6"
    >
      <FormSection
        icon={FileText}
        title="Details"
        description="What you are selling, its condition and its price."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div data-field="title" className="sm:col-span-2">
            <TextField
              label="Title"
              name="title"
              maxLength={LISTING_TITLE_MAX}
              placeholder="Shimano Stradic FL 2500 spinning reel"
              value={values.title}
              error={errors.title}
              onChange={(event) => set('title', event.target.value, ['title'])}
            />
          </div>
          <div data-field="description" className="sm:col-span-2">
            <TextAreaField
              label="Description"
              name="description"
              maxLength={LISTING_DESCRIPTION_MAX}
              placeholder="How it has been used, any wear or repairs, what is included."
              value={values.description}
              error={errors.description}
              onChange={(event) => set('description', event.target.value, ['description'])}
            />
          </div>
          <div data-field="category">
            <SelectField
              label="Category"
              name="category"
              placeholder="Select a category"
              options={CATEGORY_OPTIONS}
              value={values.category}
              error={errors.category}
              onChange={(event) => {
                const category = event.target.value as Category | '';
                setValues((current) => changeCategory(current, category));
                clearErrors([
                  'category',
                  ...(hasRodDetails(category) ? [] : ROD_FIELDS),
                  ...(hasReelDetails(category) ? [] : REEL_FIELDS),
                ]);
              }}
            />
          </div>
          <div data-field="condition">
            <SelectField
              label="Condition"
              name="condition"
              options={CONDITION_OPTIONS}
              value={values.condition}
              error={errors.condition}
              onChange={(event) => set('condition', event.target.value as Condition, ['condition'])}
            />
          </div>
          <div data-field="gear_types" className="sm:col-span-2">
            <CheckboxGroup<GearType>
              legend="Gear types"
              name="gear_types"
              options={GEAR_TYPE_OPTIONS}
              value={values.gear_types}
              error={errors.gear_types}
              onChange={(gearTypes) => set('gear_types', gearTypes, ['gear_types'])}
            />
          </div>
          <div data-field="tags" className="sm:col-span-2">
            <TagPicker
              value={values.tags}
              error={errors.tags}
              onChange={(tags) => set('tags', tags, ['tags'])}
            />
          </div>
          <div data-field="brand">
            <TextField
              label="Brand"
              name="brand"
              maxLength={80}
              placeholder="Shimano"
              value={values.brand}
              error={errors.brand}
              onChange={(event) => set('brand', event.target.value, ['brand'])}
            />
          </div>
          <div data-field="model">
            <TextField
              label="Model"
              name="model"
              maxLength={80}
              placeholder="Stradic FL 2500"
              value={values.model}
              error={errors.model}
              onChange={(event) => set('model', event.target.value, ['model'])}
            />
          </div>
          <div data-field="price">
            <TextField
              label="Price (USD)"
              name="price"
              type="number"
              inputMode="decimal"
              min={0}
              step={priceStep(values.price)}
              placeholder="0.00"
              hint={PRICE_HINT}
              value={values.price}
              error={errors.price}
              onChange={(event) => set('price', event.target.value, ['price'])}
              onBlur={() => setValues((current) => ({ ...current, price: roundPriceInput(current.price) }))}
            />
            <PriceHint brand={values.brand} model={values.model} category={values.category} />
          </div>
        </div>
      </FormSection>

      <FormSection icon={MapPin} title="Location" description="Where a buyer can see or collect the gear.">
        <div data-field="location">
          <LocationField
            label="Location"
            name="location"
            value={values.location}
            onChange={(location) => set('location', location, ['location'])}
            error={errors.location}
            hint="Start typing a town or a US ZIP code and pick it from the list."
          />
        </div>
      </FormSection>

      <FormSection
        icon={Truck}
        title="Delivery and terms"
        description="How buyers get the gear, and whether you take offers and returns."
      >
        <Suspense fallback={<Skeleton className="h-40 w-full rounded-lg" />}>
          <TermsFields
            value={values.terms}
            location={values.location.text}
            errors={errors}
            onChange={(terms, touched) => set('terms', terms, touched)}
          />
        </Suspense>
      </FormSection>

      <FormSection
        icon={Camera}
        title="Photos"
        description="At least one photo of the gear itself. The first photo is the main one unless you choose another."
        className={errors.images ? 'border-danger ring-1 ring-danger' : undefined}
      >
        <div data-field="images">
          <ToastScope scope={toast}>
            <ImageUpload
              value={images}
              onChange={setImages}
              error={errors.images}
              onBusyChange={setUploading}
            />
          </ToastScope>
        </div>
      </FormSection>

      {(rods || reels) && (
        <FormSection
          icon={Settings}
          title="Gear details"
          description={
            rods && reels
              ? 'About the rod and the reel of this combo.'
              : rods
                ? 'About the rod: buyers filter by these.'
                : 'About the reel: buyers filter by these.'
          }
        >
          <Suspense fallback={<Skeleton className="h-40 w-full rounded-lg" />}>
            <div className="flex flex-col gap-8">
              {rods && (
                <section aria-label="Rod details" className="flex flex-col gap-4">
                  {reels && <h3 className="font-semibold">Rod</h3>}
                  <RodDetails
                    value={values.rodFilters}
                    errors={errors}
                    onChange={(rodFilters, touched) => set('rodFilters', rodFilters, touched)}
                  />
                </section>
              )}
              {reels && (
                <section aria-label="Reel details" className="flex flex-col gap-4">
                  {rods && <h3 className="border-t border-line pt-6 font-semibold">Reel</h3>}
                  <ReelDetails
                    value={values.reelFilters}
                    errors={errors}
                    onChange={(reelFilters, touched) => set('reelFilters', reelFilters, touched)}
                  />
                </section>
              )}
            </div>
          </Suspense>
        </FormSection>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-end">
        {mode === 'create' && approvalText && (
          <p className="text-sm text-ink-muted sm:mr-auto">{approvalText}</p>
        )}
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving.isPending}>
          {!saving.isPending &&
            (mode === 'edit' ? (
              <Check aria-hidden="true" size={18} />
            ) : (
              <PackagePlus aria-hidden="true" size={18} />
            ))}
          {mode === 'edit' ? 'Save Changes' : 'Create Listing'}
        </Button>
      </div>

      <UnsavedChangesGuard when={dirty} leavingRef={leavingRef} />
    </form>
  );
}
