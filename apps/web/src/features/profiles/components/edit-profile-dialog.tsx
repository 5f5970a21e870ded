import type { PublicProfileDto, UpdateProfileBody, UpdateProfileInput } from '@castline/shared';
import { PROFILE_LIMITS, SETTINGS_MESSAGES } from '@castline/shared';
import { CircleExclamationPoint } from 'lucide-react';
import type { FormEvent, RefObject } from 'react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../../../lib/form-errors';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { LocationValue } from '../../places';
import { LocationField } from '../../places';
import { useUpdateProfile } from '../api/profiles.api';
import { AvatarField } from './avatar-field';
import { checkWith } from '../../../lib/load-request-schemas';

const FIELDS = ['avatar_url', 'full_name', 'title', 'bio', 'location'] as const;
type Field = (typeof FIELDS)[number];

/** The coordinates travel with the location: their messages belong to the location field. */
function toFormErrors(errors: FieldErrors<string>): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path === 'location_lat' || path === 'location_lng' ? 'location' : path;
    const known = FIELDS.find((name) => name === field);
    if (known && result[known] === undefined) result[known] = message;
  }
  return result;
}

/**
 * The body of PATCH /api/profiles/me: only what changed. A new location carries the coordinates
 * of the chosen place when there are any; otherwise the server looks it up.
 */
export function profileChanges(
  profile: Pick<PublicProfileDto, 'full_name' | 'title' | 'bio' | 'location' | 'avatar_url'>,
  form: { full_name: string; title: string; bio: string; location: LocationValue; avatar_url: string | null },
): UpdateProfileInput {
  const body: UpdateProfileInput = {};
  const text = (value: string) => (value.trim() ? value : null);
  if (text(form.full_name) !== profile.full_name) body.full_name = text(form.full_name);
  if (text(form.title) !== profile.title) body.title = text(form.title);
  if (text(form.bio) !== profile.bio) body.bio = text(form.bio);
  if (text(form.location.text) !== profile.location || form.location.coordinates) {
    body.location = text(form.location.text);
    if (form.location.coordinates && body.location) {
      body.location_lat = form.location.coordinates.lat;
      body.location_lng = form.location.coordinates.lng;
    }
  }
  if (form.avatar_url !== profile.avatar_url) body.avatar_url = form.avatar_url;
  return body;
}

interface EditProfileDialogProps {
  profile: PublicProfileDto;
  /** Closes the dialog (after saving, too). */
  onDone: () => void;
}

/** Edit your own profile: photo, full name, title, bio (up to 500 characters) and location. */
/** The profile editor in its dialog, loaded when the member first opens it (profile-header.tsx). */
export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  profile: PublicProfileDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <EditProfileContent
          profile={profile}
          onDone={() => onOpenChange(false)}
          returnFocusTo={returnFocusTo}
        />
      )}
    </Dialog>
  );
}

function EditProfileContent({
  profile,
  onDone,
  returnFocusTo,
}: EditProfileDialogProps & { returnFocusTo: RefObject<HTMLElement | null> }) {
  return (
    <DialogContent
      returnFocusTo={returnFocusTo}
      title="Edit profile"
      description="What other members see on your profile, in the forum and next to your listings."
      className="max-w-lg"
    >
      <EditProfileForm profile={profile} onDone={onDone} />
    </DialogContent>
  );
}

function EditProfileForm({ profile, onDone }: EditProfileDialogProps) {
  const toast = useToast();
  const update = useUpdateProfile();
  const { errors, show, clear } = useFieldErrors<Field>(FIELDS);
  const [avatarUrl, setAvatarUrl] = useState(profile.avatar_url);
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [title, setTitle] = useState(profile.title ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [location, setLocation] = useState<LocationValue>({
    text: profile.location ?? '',
    coordinates: null,
  });
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (update.isPending || uploading) return;
    const body = profileChanges(profile, {
      full_name: fullName,
      title,
      bio,
      location,
      avatar_url: avatarUrl,
    });
    checkWith('UpdateProfileBody', body, {
      form,
      invalid: (error) => {
        setFailure(null);
        show(toFormErrors(fieldErrorsFromZod(error)), form);
      },
      valid: (changes) => save(changes, form),
    });
  }

  function save(changes: UpdateProfileBody, form: HTMLFormElement) {
    show({});
    setFailure(null);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        toast.show(SETTINGS_MESSAGES.profileUpdated);
        onDone();
      },
      onError: (error) => {
        const fieldErrors =
          isApiError(error) && error.issues.length > 0
            ? toFormErrors(fieldErrorsFromIssues(error.issues, [...FIELDS, 'location_lat', 'location_lng']))
            : {};
        if (Object.keys(fieldErrors).length > 0) {
          show(fieldErrors, form);
        } else {
          setFailure(isApiError(error) ? error.message : SETTINGS_MESSAGES.profileUpdateFailed);
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <AvatarField
        value={avatarUrl}
        name={fullName || profile.username}
        error={errors.avatar_url}
        onBusyChange={setUploading}
        onChange={(url) => {
          setAvatarUrl(url);
          clear('avatar_url');
        }}
      />
      <TextField
        label="Full name"
        name="full_name"
        autoComplete="name"
        value={fullName}
        error={errors.full_name}
        onChange={(event) => {
          setFullName(event.target.value);
          clear('full_name');
        }}
      />
      <TextField
        label="Title"
        name="title"
        hint="A few words about you as an angler, such as “Fly-fishing guide”."
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          clear('title');
        }}
      />
      <BioField
        value={bio}
        error={errors.bio}
        onChange={(value) => {
          setBio(value);
          clear('bio');
        }}
      />
      <LocationField
        label="Location"
        name="location"
        type="cities"
        hint="Your town or area; leave it empty to show none."
        value={location}
        error={errors.location}
        onChange={(value) => {
          setLocation(value);
          clear('location');
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={update.isPending} disabled={uploading}>
          {uploading ? 'Waiting for the photo…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

/** The bio: plain text with its line breaks, and a count of what is left of the 500 characters. */
function BioField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const length = value.trim().length;
  const over = length > PROFILE_LIMITS.bioMax;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Bio
      </label>
      <textarea
        id={id}
        name="bio"
        rows={5}
        value={value}
        aria-invalid={Boolean(error) || over}
        aria-describedby={[counterId, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'block min-h-32 w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base leading-relaxed text-ink shadow-xs',
          'placeholder:text-ink-muted/70 focus-visible:border-ring',
          error || over ? 'border-danger' : 'border-line',
        )}
      />
      <p
        id={counterId}
        className={cn('text-right text-sm tabular-nums', over ? 'font-medium text-danger' : 'text-ink-muted')}
      >
        {`${length.toLocaleString('en-US')} / ${PROFILE_LIMITS.bioMax} characters`}
      </p>
      <p aria-live="polite" className="sr-only">
        {over ? `${(length - PROFILE_LIMITS.bioMax).toLocaleString('en-US')} characters over the limit` : ''}
      </p>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleExclamationPoint aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
