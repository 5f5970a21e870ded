import { IMAGE_MESSAGES } from '@castline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../test/render-route';
import { HEIC_ADVICE } from '../../lib/file-checks';
import type { ImageListState } from '../../lib/image-list';
import {
  imageFile,
  installFakeImageDecoding,
  installFakeXhr,
  uploaded,
} from '../../lib/testing/browser-doubles';
import { ImageUpload } from './image-upload';

// The HEIC converter decodes in a browser worker (proven in e2e/heic-photos.spec.ts); here it
// hands back a JPEG.
const heicTo = vi.hoisted(() => vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })));
vi.mock('heic-to/csp', () => ({ heicTo }));

function Harness({ initial }: { initial: ImageListState }) {
  const [state, setState] = useState(initial);
  return (
    <>
      <ImageUpload value={state} onChange={setState} />
      <output data-testid="state">{JSON.stringify(state)}</output>
    </>
  );
}

const EMPTY: ImageListState = { images: [], mainImageIndex: undefined };
const stateOf = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as ImageListState;
const photoInput = () => screen.getByLabelText('Product photos');

function renderUpload(initial: ImageListState = EMPTY) {
  return renderRoute(<Harness initial={initial} />);
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('photo-drop-zone'), { dataTransfer: { files, types: ['Files'] } });
}

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
  installFakeImageDecoding({
    'huge.jpg': { width: 12000, height: 4000 },
    'wide.png': { width: 9500, height: 900 },
    'broken.jpg': 'unreadable',
  });
});

describe('photo upload area', () => {
  it('offers a keyboard-reachable button and a multiple image input', () => {
    renderUpload();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeEnabled();
    expect(photoInput()).toHaveAttribute('accept', 'image/*');
    expect(photoInput()).toHaveAttribute('multiple');
  });

  it('shows a progress bar per photo, uploads 100 ms apart and adds the photos when done', async () => {
    const { user } = renderUpload();
    await user.upload(photoInput(), [imageFile('reel.jpg'), imageFile('spool.png', { type: 'image/png' })]);

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const [first] = xhr.requests;
    expect(first).toMatchObject({
      method: 'POST',
      url: '/api/uploads/product-images',
      withCredentials: false,
    });
    expect(first?.file.name).toBe('reel.jpg');
    // The list of uploads loads with the first photo chosen: it may draw a moment after the request.
    const bar = await screen.findByRole('progressbar', { name: 'Uploading reel.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    first?.progress(40, 100);
    expect(bar).toHaveAttribute('aria-valuenow', '40');

    // The second upload starts a moment later.
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(screen.getByRole('progressbar', { name: 'Uploading spool.png' })).toBeInTheDocument();

    first?.respond(201, uploaded('reel.webp'));
    xhr.requests[1]?.respond(201, uploaded('spool.webp'));

    expect(await screen.findByText(IMAGE_MESSAGES.uploaded(2))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const photos = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual(['Photo 1 (main photo)', 'Photo 2']);
    expect(photos[0]).toHaveAttribute('width', '150');
    expect(stateOf()).toEqual({
      images: ['/files/product-images/reel.webp', '/files/product-images/spool.webp'],
      mainImageIndex: 0,
    });
    expect(screen.getByText('Main')).toBeInTheDocument();
  });

  it("shows the server's message on a failed photo, retries it, and tells how many failed", async () => {
    const { user } = renderUpload();
    await user.upload(photoInput(), [imageFile('rod.jpg'), imageFile('grip.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));

    xhr.requests[0]?.respond(201, uploaded('rod.webp'));
    xhr.requests[1]?.respond(415, {
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'grip.jpg is not an image file' },
    });

    expect(await screen.findByText(IMAGE_MESSAGES.uploaded(1))).toBeInTheDocument();
    expect(screen.getByText(IMAGE_MESSAGES.someFailed(1))).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('grip.jpg is not an image file');

    await user.click(screen.getByRole('button', { name: 'Retry grip.jpg' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(3));
    expect(xhr.requests[2]?.file.name).toBe('grip.jpg');
    xhr.requests[2]?.respond(201, uploaded('grip.webp'));
    await waitFor(() =>
      expect(stateOf().images).toEqual(['/files/product-images/rod.webp', '/files/product-images/grip.webp']),
    );
    expect(screen.queryByRole('button', { name: 'Retry grip.jpg' })).not.toBeInTheDocument();
  });

  it('says when all uploads failed, and a failed photo can be removed', async () => {
    const { user } = renderUpload();
    await user.upload(photoInput(), [imageFile('net.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    xhr.requests[0]?.failNetwork();

    expect(await screen.findByText(IMAGE_MESSAGES.allFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove net.jpg' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();

    // Removed, the same file may be chosen again.
    await user.upload(photoInput(), [imageFile('net.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
  });

  it('rejects files with the exact messages, in the order of the checks, and uploads none of them', async () => {
    const { user } = renderUpload();
    const tooBig = imageFile('big.jpg');
    Object.defineProperty(tooBig, 'size', { value: 10 * 1024 * 1024 + 1 });
    drop([
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
      imageFile('IMG_0001.heic', { type: 'image/heic' }),
      tooBig,
      imageFile('broken.jpg'),
      imageFile('huge.jpg'),
      imageFile('wide.png', { type: 'image/png' }),
    ]);

    const problems = await screen.findByRole('alert');
    const items = within(problems).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent(IMAGE_MESSAGES.notAnImage('notes.txt'));
    expect(
      within(items[1] as HTMLElement).getByText(IMAGE_MESSAGES.heicDesktop('IMG_0001.heic')),
    ).toBeInTheDocument();
    expect(items[1]).toHaveTextContent(HEIC_ADVICE);
    expect(
      within(items[2] as HTMLElement).getByText(IMAGE_MESSAGES.tooLargeForForm('big.jpg')),
    ).toBeInTheDocument();
    expect(within(items[3] as HTMLElement).getByText(IMAGE_MESSAGES.unreadable)).toBeInTheDocument();
    expect(items[3]).toHaveTextContent('broken.jpg');
    expect(within(items[4] as HTMLElement).getByText(IMAGE_MESSAGES.exceedDimensions(2))).toBeInTheDocument();
    expect(xhr.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'How to resize' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to resize your photos' });
    expect(within(dialog).getByRole('region', { name: 'On a phone' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'On Windows' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'On a Mac' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('huge.jpg');
    expect(dialog).toHaveTextContent('wide.png');
  });

  it('skips a file chosen twice in one selection and a file already added', async () => {
    const { user } = renderUpload();
    await user.upload(photoInput(), [imageFile('lure.jpg'), imageFile('lure.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    xhr.requests[0]?.respond(201, uploaded('lure.webp'));
    await waitFor(() => expect(stateOf().images).toHaveLength(1));

    await user.upload(photoInput(), [imageFile('lure.jpg'), imageFile('hook.jpg')]);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(xhr.requests[1]?.file.name).toBe('hook.jpg');
    xhr.requests[1]?.respond(201, uploaded('hook.webp'));
    await waitFor(() => expect(stateOf().images).toHaveLength(2));
    expect(xhr.requests).toHaveLength(2);
  });

  it('moves the main photo and applies the removal rules', async () => {
    const { user } = renderUpload({
      images: [
        '/files/product-images/a.webp',
        '/files/product-images/b.webp',
        '/files/product-images/c.webp',
        '/files/product-images/d.webp',
      ],
      mainImageIndex: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Set as main, photo 3' }));
    expect(stateOf().mainImageIndex).toBe(2);
    expect(screen.getByRole('img', { name: 'Photo 3 (main photo)' })).toBeInTheDocument();

    // An earlier photo goes: the main one moves down with it.
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(stateOf()).toEqual({
      images: [
        '/files/product-images/b.webp',
        '/files/product-images/c.webp',
        '/files/product-images/d.webp',
      ],
      mainImageIndex: 1,
    });
    expect(screen.getByRole('img', { name: 'Photo 2 (main photo)' })).toBeInTheDocument();
    // Focus stays on the photo that took the removed one's place.
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus();

    // The main photo goes: the first one becomes main.
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(stateOf()).toEqual({
      images: ['/files/product-images/b.webp', '/files/product-images/d.webp'],
      mainImageIndex: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(stateOf()).toEqual({ images: [] });
    expect(screen.queryByRole('list', { name: 'Your photos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toHaveFocus();
  });

  it('takes no more than 10 photos', async () => {
    const images = Array.from({ length: 9 }, (_, index) => `/files/product-images/p${index}.webp`);
    const { user } = renderUpload({ images, mainImageIndex: 0 });
    await user.upload(photoInput(), [imageFile('one.jpg'), imageFile('two.jpg')]);

    expect(await screen.findByText('You can add up to 10 photos.')).toBeInTheDocument();
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    xhr.requests[0]?.respond(201, uploaded('one.webp'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose photos' })).toBeDisabled());
  });

  it('converts HEIC photos to JPEG on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    const { user } = renderUpload();
    await user.upload(photoInput(), [imageFile('IMG_0002.HEIC', { type: 'image/heic' })]);

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(heicTo).toHaveBeenCalledWith(expect.objectContaining({ type: 'image/jpeg', quality: 0.8 }));
    expect(xhr.requests[0]?.file).toMatchObject({ name: 'IMG_0002.jpg', type: 'image/jpeg' });
  });
});
