import type { AdminSettingsDto, UpdateAdminSettingsBody as UpdateBody } from '@castline/shared';
import { ADMIN_MESSAGES, SITE_NOTICE_MAX } from '@castline/shared';
import { CircleExclamationPoint } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { preloadRequestSchemas, requestSchema } from '../../../lib/load-request-schemas';
import { submitValidated } from '../../../lib/submit-validated';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useAdminSettings, useSaveAdminSettings } from '../api/admin.api';

type Field = 'listings_require_approval' | 'signups_open' | 'site_notice';
const FIELDS: readonly Field[] = ['listings_require_approval', 'signups_open', 'site_notice'];

interface FormValues {
  listings_require_approval: boolean;
  signups_open: boolean;
  site_notice: string;
}

function valuesOf(settings: AdminSettingsDto): FormValues {
  return {
    listings_require_approval: settings.listings_require_approval,
    signups_open: settings.signups_open,
    site_notice: settings.site_notice ?? '',
  };
}

function sameValues(a: FormValues, b: FormValues): boolean {
  return (
    a.listings_require_approval === b.listings_require_approval &&
    a.signups_open === b.signups_open &&
    a.site_notice.trim() === b.site_notice.trim()
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** A setting that is on or off: a checkbox drawn as a switch, its label and what it does. */
function SwitchField({
  name,
  label,
  help,
  checked,
  error,
  onChange,
}: {
  name: Field;
  label: string;
  help: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <label htmlFor={id} className="font-medium text-ink">
            {label}
          </label>
          <p id={helpId} className="text-sm text-ink-muted">
            {help}
          </p>
        </div>
        <span className="relative inline-flex shrink-0 items-center">
          <input
            id={id}
            name={name}
            type="checkbox"
            role="switch"
            checked={checked}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${helpId} ${errorId}` : helpId}
            onChange={(event) => onChange(event.target.checked)}
            className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex h-7 w-12 items-center rounded-full border-2 border-transparent transition-colors',
              'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
              checked ? 'bg-brand' : 'bg-ink-muted/40',
            )}
          >
            <span
              className={cn(
                'inline-block size-6 rounded-full bg-surface shadow transition-transform',
                checked ? 'translate-x-5' : 'translate-x-0',
              )}
            />
          </span>
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function SettingsForm({ settings }: { settings: AdminSettingsDto }) {
  const saved = valuesOf(settings);
  const [values, setValues] = useState<FormValues>(saved);
  const save = useSaveAdminSettings();
  const toast = useToast();
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const noticeId = useId();
  const noticeHelpId = useId();
  const noticeCountId = useId();
  const noticeErrorId = useId();
  const unchanged = sameValues(values, saved);
  const noticeLength = values.site_notice.length;

  function set<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const notice = values.site_notice.trim();
    if (notice.length > SITE_NOTICE_MAX) {
      event.preventDefault();
      show({ site_notice: `The notice can be at most ${SITE_NOTICE_MAX} characters.` }, event.currentTarget);
      return;
    }
    submitValidated<Field, UpdateBody, AdminSettingsDto>({
      event,
      schema: requestSchema('UpdateAdminSettingsBody'),
      input: {
        listings_require_approval: values.listings_require_approval,
        signups_open: values.signups_open,
        site_notice: notice === '' ? null : notice,
      },
      mutation: {
        isPending: save.isPending,
        reset: save.reset,
        mutate: (body, options) =>
          save.mutate(body, {
            onSuccess: (result) => {
              setValues(valuesOf(result));
              toast.show(ADMIN_MESSAGES.settingsSaved, { tone: 'success' });
              options.onSuccess?.(result);
            },
            onError: (error) => {
              toast.show(errorMessage(error), { tone: 'error' });
              options.onError(error);
            },
          }),
      },
      fields: FIELDS,
      show,
    });
  }

  return (
    <form noValidate onFocus={preloadRequestSchemas} onSubmit={submit} className="flex flex-col gap-6">
      <Card className="divide-y divide-line">
        <SwitchField
          name="listings_require_approval"
          label="Listings need approval"
          help="New listings stay hidden until a staff member approves them under Listing approval."
          checked={values.listings_require_approval}
          error={errors.listings_require_approval}
          onChange={(checked) => set('listings_require_approval', checked)}
        />
        <SwitchField
          name="signups_open"
          label="Sign-ups are open"
          help="When off, nobody can create a new account; existing members can still sign in."
          checked={values.signups_open}
          error={errors.signups_open}
          onChange={(checked) => set('signups_open', checked)}
        />
        <div className="flex flex-col gap-2 p-4 sm:p-5">
          <label htmlFor={noticeId} className="font-medium text-ink">
            Site notice
          </label>
          <p id={noticeHelpId} className="text-sm text-ink-muted">
            Shown in a banner at the top of every page, for maintenance windows or announcements. Leave it
            empty to show no banner.
          </p>
          <textarea
            id={noticeId}
            name="site_notice"
            rows={4}
            value={values.site_notice}
            aria-invalid={Boolean(errors.site_notice) || noticeLength > SITE_NOTICE_MAX}
            aria-describedby={[noticeHelpId, noticeCountId, errors.site_notice ? noticeErrorId : '']
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => set('site_notice', event.target.value)}
            className={cn(
              'block w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base text-ink shadow-xs focus-visible:border-ring',
              errors.site_notice || noticeLength > SITE_NOTICE_MAX ? 'border-danger' : 'border-line',
            )}
          />
          <p
            id={noticeCountId}
            className={cn(
              'self-end text-sm tabular-nums',
              noticeLength > SITE_NOTICE_MAX ? 'font-medium text-danger' : 'text-ink-muted',
            )}
          >
            {`${noticeLength} / ${SITE_NOTICE_MAX} characters`}
          </p>
          <FieldError id={noticeErrorId} message={errors.site_notice} />
        </div>
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">
          {'Last changed '}
          <time dateTime={settings.updated_at} title={formatDateTime(settings.updated_at)}>
            {formatRelativeTime(settings.updated_at)}
          </time>
          .
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            variant="secondary"
            disabled={unchanged || save.isPending}
            onClick={() => {
              setValues(saved);
              show({});
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={unchanged}>
            Save settings
          </Button>
        </div>
      </div>
    </form>
  );
}

/** /admin/settings: whether listings need approval, whether sign-ups are open, and the site notice. */
export function AdminSettingsRoute() {
  const settings = useAdminSettings();

  let content;
  if (settings.isPending) {
    content = (
      <LoadingSkeleton label="Loading settings">
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </LoadingSkeleton>
    );
  } else if (settings.isError) {
    content = (
      <Alert tone="error">
        <p>{errorMessage(settings.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    content = <SettingsForm settings={settings.data} />;
  }

  return (
    <>
      <title>Settings · Castline</title>
      <PageHeader
        title="Settings"
        description="Site-wide switches for the marketplace and sign-ups, and the notice banner."
      />
      {content}
    </>
  );
}
