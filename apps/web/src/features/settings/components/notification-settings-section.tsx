import type { EmailDelivery, NotificationCategory, NotificationChannel } from '@castline/shared';
import {
  EMAIL_DELIVERIES,
  EMAIL_DELIVERY_LABELS,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  SETTINGS_MESSAGES,
} from '@castline/shared';
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/settings.api';
import { SettingsSection } from './settings-section';

/**
 * Notification preferences: a grid of the kinds of notification (rows) by where they reach the
 * member (in Castline, by email), and how emails go out (one each or a daily digest). Each change
 * is saved at once.
 */
export function NotificationSettingsSection() {
  const toast = useToast();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const captionId = useId();
  const deliveryName = useId();

  function save(body: Parameters<typeof update.mutate>[0]) {
    update.mutate(body, {
      onSuccess: () => toast.show(SETTINGS_MESSAGES.notificationSettingsSaved),
      onError: (error) =>
        toast.show(
          isApiError(error) && error.status < 500
            ? error.message
            : SETTINGS_MESSAGES.notificationSettingsFailed,
          { tone: 'error' },
        ),
    });
  }

  function toggle(category: NotificationCategory, channel: NotificationChannel, value: boolean) {
    save({ categories: [{ category, [channel]: value }] });
  }

  function chooseDelivery(delivery: EmailDelivery) {
    save({ email_delivery: delivery });
  }

  return (
    <SettingsSection
      title="Notifications"
      icon={Bell}
      description="Choose what Castline tells you about, in Castline and by email."
    >
      {preferences.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading notification preferences" size={24} className="text-brand" />
        </div>
      ) : preferences.isError ? (
        <Alert tone="error">
          <p>{preferences.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void preferences.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="overflow-hidden rounded-xl border border-line">
            <table className="w-full text-left text-sm" aria-describedby={captionId}>
              <caption id={captionId} className="sr-only">
                Notification preferences: each kind of notification in Castline and by email
              </caption>
              <thead className="bg-surface-muted text-xs font-semibold tracking-wide text-ink-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Notifications about
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-20 px-2 py-3 text-center sm:w-28">
                      {NOTIFICATION_CHANNEL_LABELS[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {preferences.data.categories.map((entry) => {
                  const { label, description } = NOTIFICATION_CATEGORY_LABELS[entry.category];
                  return (
                    <tr key={entry.category}>
                      <th scope="row" className="px-4 py-3 font-normal">
                        <span className="block font-medium">{label}</span>
                        <span className="block text-ink-muted">{description}</span>
                      </th>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <td key={channel} className="px-2 py-3 text-center">
                          <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg">
                            <input
                              type="checkbox"
                              className="size-5 accent-brand"
                              aria-label={`${label}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
                              checked={entry[channel]}
                              onChange={(event) =>
                                toggle(entry.category, channel, event.currentTarget.checked)
                              }
                            />
                          </label>
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium">Email delivery</legend>
            {EMAIL_DELIVERIES.map((delivery) => (
              <label
                key={delivery}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-4 has-[:checked]:border-brand"
              >
                <input
                  type="radio"
                  name={deliveryName}
                  value={delivery}
                  className="mt-1 size-4 accent-brand"
                  checked={preferences.data.email_delivery === delivery}
                  onChange={() => chooseDelivery(delivery)}
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{EMAIL_DELIVERY_LABELS[delivery].label}</span>
                  <span className="text-sm text-ink-muted">
                    {EMAIL_DELIVERY_LABELS[delivery].description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </SettingsSection>
  );
}
