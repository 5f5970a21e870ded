import type { PublicProfileDto, UpdateProfileInput } from '@castline/shared';
import { IMAGE_FORM_MAX_BYTES, IMAGE_MESSAGES, SETTINGS_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MockAnswer, RecordedRequest } from '../../../test/fetch-mock';
import { apiError } from '../../../test/fetch-mock';
import { member } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render-route';
import { listPage } from '../../listings/api/listing-queries.fixtures';
import { imageFile, installFakeXhr } from '../../listings/lib/testing/browser-doubles';
import { buildProfile } from '../api/profile-fixtures';
import { ProfileRoute } from '../routes/profile-route';
import { profileChanges } from './edit-profile-dialog';

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
});

const PROFILE = buildProfile({ bio: 'Fly fishing since 1998.', avatar_url: null });

/** The own profile page with a server that applies PATCH /api/profiles/me (or answers `patch`). */
function renderOwnProfile(patch?: (request: RecordedRequest) => MockAnswer) {
  let current: PublicProfileDto = PROFILE;
  return renderRoute(<ProfileRoute />, {
    path: '/profile',
    server: {
      'GET /api/listings': { body: listPage([]) },
      [`GET /api/profiles/${member.id}`]: () => ({ body: current }),
      'PATCH /api/profiles/me': (request) => {
        if (patch) return patch(request);
        current = { ...current, ...(request.body as Partial<PublicProfileDto>) };
        return { body: current };
      },
      'GET /api/places/suggestions': { body: { items: [] } },
      'GET /api/places/geocode': apiError(404, 'NOT_FOUND', 'Not found'),
    },
  });
}

async function openEditor(user: ReturnType<typeof renderOwnProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return within(await screen.findByRole('dialog', { name: 'Edit profile' }));
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('edit profile', () => {
  it('saves only what changed, then shows it on the profile with a toast', async () => {
    const { user, server } = renderOwnProfile();
    const dialog = await openEditor(user);

    expect(dialog.getByLabelText('Full name')).toHaveValue('River Runner');
    expect(dialog.getByLabelText('Bio')).toHaveValue('Fly fishing since 1998.');
    await user.clear(dialog.getByLabelText('Title'));
    await user.type(dialog.getByLabelText('Title'), 'Steelhead addict');
    await user.type(dialog.getByLabelText('Bio'), '{Enter}Ask me about the Rogue.');
    await user.click(dialog.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(SETTINGS_MESSAGES.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PATCH', '/api/profiles/me')[0]?.body).toEqual({
      title: 'Steelhead addict',
      bio: 'Fly fishing since 1998.\nAsk me about the Rogue.',
    });
    expect(screen.getByText('Steelhead addict')).toBeInTheDocument();
    expect(screen.getByText(/Ask me about the Rogue/)).toBeInTheDocument();
  });

  it('counts the bio and refuses more than 500 characters without asking the server', async () => {
    const { user, server } = renderOwnProfile();
    const dialog = await openEditor(user);
    const bio = dialog.getByLabelText('Bio');

    expect(dialog.getByText('23 / 500 characters')).toBeInTheDocument();
    await user.clear(bio);
    await user.click(bio);
    await user.paste('a'.repeat(501));
    expect(dialog.getByText('501 / 500 characters')).toBeInTheDocument();
    expect(bio).toHaveAttribute('aria-invalid', 'true');

    await user.click(dialog.getByRole('button', { name: 'Save profile' }));
    expect(await dialog.findByText(SETTINGS_MESSAGES.bioTooLong)).toBeInTheDocument();
    expect(bio).toHaveFocus();
    expect(server.calls('PATCH', '/api/profiles/me')).toHaveLength(0);

    await user.type(bio, '{Backspace}');
    expect(dialog.queryByText(SETTINGS_MESSAGES.bioTooLong)).not.toBeInTheDocument();
    expect(dialog.getByText('500 / 500 characters')).toBeInTheDocument();
  });

  it("shows the server's validation messages next to their fields", async () => {
    const { user } = renderOwnProfile(() =>
      apiError(400, 'VALIDATION_FAILED', SETTINGS_MESSAGES.titleTooLong, [
        { path: 'title', message: SETTINGS_MESSAGES.titleTooLong },
        { path: 'location_lat', message: SETTINGS_MESSAGES.locationCoordinatesInvalid },
      ]),
    );
    const dialog = await openEditor(user);

    await user.type(dialog.getByLabelText('Title'), '!');
    await user.click(dialog.getByRole('button', { name: 'Save profile' }));

    expect(await dialog.findByText(SETTINGS_MESSAGES.titleTooLong)).toBeInTheDocument();
    expect(dialog.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText(SETTINGS_MESSAGES.locationCoordinatesInvalid)).toBeInTheDocument();
    expect(dialog.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says why saving failed when no field is to blame', async () => {
    const { user } = renderOwnProfile(() =>
      apiError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable.'),
    );
    const dialog = await openEditor(user);
    await user.type(dialog.getByLabelText('Full name'), ' Jr');
    await user.click(dialog.getByRole('button', { name: 'Save profile' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Service temporarily unavailable.');
  });

  it('uploads a new photo to the avatars bucket with a progress bar, then saves it', async () => {
    const { user, server } = renderOwnProfile();
    const dialog = await openEditor(user);
    expect(dialog.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();

    await user.upload(fileInput(), imageFile('me.jpg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const request = xhr.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/uploads/avatars' });
    expect(request.file.name).toBe('me.jpg');

    const bar = dialog.getByRole('progressbar', { name: 'Uploading profile photo' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    request.progress(60, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(dialog.getByText('60%')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Waiting for the photo…' })).toBeDisabled();

    request.respond(201, {
      url: '/files/avatars/me.webp',
      key: 'me.webp',
      width: 512,
      height: 512,
      format: 'webp',
      bytes: 4096,
    });
    await waitFor(() => expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(dialog.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'srcset',
      expect.stringContaining('/files/avatars/me.webp?w=64&format=webp&q=85 64w'),
    );

    await user.click(dialog.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH', '/api/profiles/me')[0]?.body).toEqual({
      avatar_url: '/files/avatars/me.webp',
    });
    expect(await screen.findByRole('img', { name: 'Profile photo of River Runner' })).toHaveAttribute(
      'src',
      '/files/avatars/me.webp?w=256&format=webp&q=85',
    );
  });

  it('refuses a file over 10 MB before sending it, and shows why an upload failed', async () => {
    const { user } = renderOwnProfile();
    const dialog = await openEditor(user);

    await user.upload(fileInput(), imageFile('huge.jpg', { bytes: IMAGE_FORM_MAX_BYTES + 1 }));
    expect(await dialog.findByText(IMAGE_MESSAGES.tooLargeForForm('huge.jpg'))).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);

    await user.upload(fileInput(), imageFile('me.jpg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(dialog.queryByText(IMAGE_MESSAGES.tooLargeForForm('huge.jpg'))).not.toBeInTheDocument();
    xhr.requests[0]!.respond(415, {
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: IMAGE_MESSAGES.unreadable },
    });
    expect(await dialog.findByText(IMAGE_MESSAGES.unreadable)).toBeInTheDocument();
    expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
  });

  it('cancels an upload under way', async () => {
    const { user } = renderOwnProfile();
    const dialog = await openEditor(user);

    await user.upload(fileInput(), imageFile('me.jpg'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await user.click(dialog.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.requests[0]!.aborted).toBe(true);
    expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });
});

describe('profileChanges', () => {
  const profile = {
    full_name: 'River Runner',
    title: null,
    bio: null,
    location: 'Bend, OR, USA',
    avatar_url: null,
  };
  const form = {
    full_name: 'River Runner',
    title: '',
    bio: '',
    location: { text: 'Bend, OR, USA', coordinates: null },
    avatar_url: null,
  };

  it('sends nothing when nothing changed', () => {
    expect(profileChanges(profile, form)).toEqual({});
  });

  it('clears emptied fields and sends the coordinates of a chosen place', () => {
    const body: UpdateProfileInput = profileChanges(profile, {
      ...form,
      full_name: '  ',
      location: { text: 'Austin, TX, USA', coordinates: { lat: 30.27, lng: -97.74 } },
    });
    expect(body).toEqual({
      full_name: null,
      location: 'Austin, TX, USA',
      location_lat: 30.27,
      location_lng: -97.74,
    });
  });

  it('leaves the place to the server when it was typed, and clears an emptied one', () => {
    expect(profileChanges(profile, { ...form, location: { text: 'Salem', coordinates: null } })).toEqual({
      location: 'Salem',
    });
    expect(profileChanges(profile, { ...form, location: { text: '', coordinates: null } })).toEqual({
      location: null,
    });
  });
});
