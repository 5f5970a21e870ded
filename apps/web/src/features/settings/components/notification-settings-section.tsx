import type { NotificationSettingsDto } from '@castline/shared';
import { SETTINGS_MESSAGES } from '@castline/shared';
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/settings.api';
import { SettingsSection } from './settings-section';

type Preference = keyof NotificationSettingsDto;

const PREFERENCES: readonly { key: Preference; label: string; description: string }[] = [
  {
    key: 'email_on_message',
    label: 'Email me about new messages',
    description: 'When another member sends you a message.',
  },
  {
    key: 'email_on_offer',
    label: 'Email me about offers',
    description:
      'When a buyer makes an offer on your gear, and when an offer or counter-offer of yours is answered.',
  },
  {
    key: 'email_on_order',
    label: 'Email me about my orders',
    description:
      'When someone buys your gear, and at each step of your purchases and sales: paid, shipped, received, completed or cancelled.',
  },
];

/** Email preferences as switches; each change is saved at once. */
export function NotificationSettingsSection() {
  const toast = useToast();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  function toggle(key: Preference) {
    if (!settings.data) return;
    const next = { ...settings.data, [key]: !settings.data[key] };
    update.mutate(next, {
      onSuccess: () => toast.show(SETTINGS_MESSAGES.notificationSettingsSaved),
      onError: (error) =>
        toast.show(
          isApiError(error) && error.status < 500
            ? error.message
            : SETTINGS_MESSAGES.notificationSettingsFailed,
          {
            tone: 'error',
          },
        ),
    });
  }

  return (
    <SettingsSection
      title="Notifications"
      icon={Bell}
      description="You always see notifications in Castline. Choose what we also send to your email."
    >
      {settings.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading notification preferences" size={24} className="text-brand" />
        </div>
      ) : settings.isError ? (
        <Alert tone="error">
          <p>{settings.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
          {PREFERENCES.map((preference) => (
            <li key={preference.key}>
              <SwitchRow
                label={preference.label}
                description={preference.description}
                checked={settings.data[preference.key]}
                disabled={update.isPending}
                onToggle={() => toggle(preference.key)}
              />
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

interface SwitchRowProps {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/** A labelled on/off switch (role="switch"); Space or Enter flips it. */
function SwitchRow({ label, description, checked, disabled, onToggle }: SwitchRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center justify-between gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span id={descriptionId} className="text-sm text-ink-muted">
          {description}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onToggle();
        }}
        className={cn(
          'inline-flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-lg',
          disabled && 'cursor-wait opacity-60',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-flex h-7 w-12 items-center rounded-full border-2 border-transparent transition-colors',
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
      </button>
    </div>
  );
}
