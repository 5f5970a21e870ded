import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListingGallery } from './listing-gallery';
import { clampPan, FITTED, MAX_ZOOM, panBy, steppedScale, zoomAround } from './photo-zoom';

const PHOTOS = [
  '/files/product-images/reel-1.webp',
  '/files/product-images/reel-2.webp',
  '/files/product-images/reel-3.webp',
];

async function openViewer(images: readonly string[] = PHOTOS) {
  const user = userEvent.setup();
  render(<ListingGallery images={images} title="Penn Slammer IV 6500" />);
  const trigger = screen.getByRole('button', { name: 'View full size' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: /Penn Slammer IV 6500/ });
  const photo = () => within(dialog).getByRole('img', { name: /Penn Slammer IV 6500/ });
  return { user, trigger, dialog, photo };
}

/** The scale of the photo's transform. */
function scaleOf(photo: HTMLElement): number {
  const match = /scale\(([\d.]+)\)/.exec(photo.style.transform);
  return match ? Number(match[1]) : Number.NaN;
}

describe('the full-size photo viewer', () => {
  it('opens as a labelled dialog with the stored photo itself, not a smaller variant', async () => {
    const { dialog, photo } = await openViewer();

    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500· Photo 1 of 3');
    expect(dialog).toHaveAccessibleDescription(/Zoom with the plus and minus keys/);
    expect(photo()).toHaveAttribute('src', '/files/product-images/reel-1.webp');
    expect(photo()).not.toHaveAttribute('srcset');
    expect(scaleOf(photo())).toBe(1);
    expect(within(dialog).getByRole('status', { name: 'Loading the full-size photo' })).toBeInTheDocument();

    fireEvent.load(photo());
    expect(
      within(dialog).queryByRole('status', { name: 'Loading the full-size photo' }),
    ).not.toBeInTheDocument();
  });

  it('zooms with the buttons, the + and - keys, 0 and a double click', async () => {
    const { user, dialog, photo } = await openViewer();
    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(dialog).getByRole('button', { name: 'Zoom out' });
    const fit = within(dialog).getByRole('button', { name: 'Fit to screen' });
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    expect(fit).toHaveAttribute('aria-disabled', 'true');

    await user.click(zoomIn);
    expect(scaleOf(photo())).toBe(1.5);
    expect(zoomOut).not.toHaveAttribute('aria-disabled');
    expect(within(dialog).getByText('Zoomed in 1.5×')).toBeInTheDocument();

    await user.keyboard('+');
    expect(scaleOf(photo())).toBe(2);
    await user.keyboard('{+}{+}{+}');
    expect(scaleOf(photo())).toBe(MAX_ZOOM);
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    // At its limit the button stays where focus is, and does nothing.
    await user.click(zoomIn);
    expect(scaleOf(photo())).toBe(MAX_ZOOM);

    await user.keyboard('-');
    expect(scaleOf(photo())).toBe(3);
    await user.click(zoomOut);
    expect(scaleOf(photo())).toBe(2);
    await user.click(fit);
    expect(scaleOf(photo())).toBe(1);
    expect(within(dialog).getByText('Fitted to the screen')).toBeInTheDocument();

    await user.dblClick(photo());
    expect(scaleOf(photo())).toBe(2);
    await user.keyboard('0');
    expect(scaleOf(photo())).toBe(1);
  });

  it('steps to the next and previous photo with the buttons and the arrow keys, each starting fitted', async () => {
    const { user, dialog, photo } = await openViewer();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500· Photo 2 of 3');
    expect(photo()).toHaveAttribute('src', '/files/product-images/reel-2.webp');

    await user.keyboard('{ArrowRight}');
    expect(photo()).toHaveAttribute('src', '/files/product-images/reel-3.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    await user.keyboard('{ArrowLeft}');
    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500· Photo 1 of 3');

    // Zoomed in, the arrow keys look around the photo instead; another photo starts fitted.
    await user.keyboard('+');
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500· Photo 1 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAttribute('src', '/files/product-images/reel-2.webp');
    expect(scaleOf(photo())).toBe(1);
  });

  it('follows a swipe when fitted, and a double tap zooms', async () => {
    const { dialog, photo } = await openViewer();
    const stage = photo().parentElement!;

    fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerType: 'touch', pointerId: 1, clientX: 250, clientY: 105 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 1, clientX: 200, clientY: 110 });
    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500· Photo 2 of 3');

    for (const pointerId of [2, 3]) {
      fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId, clientX: 150, clientY: 150 });
      fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId, clientX: 150, clientY: 150 });
    }
    expect(scaleOf(photo())).toBe(2);
  });

  it('pinches to zoom', async () => {
    const { photo } = await openViewer();
    const stage = photo().parentElement!;

    fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerType: 'touch', pointerId: 2, clientX: 350, clientY: 100 });
    expect(scaleOf(photo())).toBe(2.5);
    fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 2, clientX: 350, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 1, clientX: 100, clientY: 100 });
    expect(scaleOf(photo())).toBe(2.5);
  });

  it('closes with Escape and gives focus back to View full size', async () => {
    const { user, trigger } = await openViewer();
    await user.keyboard('+');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();

    // Opened again, the photo starts fitted.
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(scaleOf(within(dialog).getByRole('img', { name: /Penn Slammer IV 6500/ }))).toBe(1);
  });

  it('keeps focus inside while open', async () => {
    const { user, dialog } = await openViewer();
    for (let press = 0; press < 8; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('shows one photo without the stepping controls', async () => {
    const { dialog } = await openViewer([PHOTOS[0]!]);
    expect(dialog).toHaveAccessibleName('Penn Slammer IV 6500');
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });

  it('says so when the photo cannot be loaded', async () => {
    const { dialog, photo } = await openViewer();
    fireEvent.error(photo());
    expect(
      within(dialog).getByRole('img', { name: 'Penn Slammer IV 6500, photo 1 of 3 (Photo unavailable)' }),
    ).toBeInTheDocument();
  });
});

describe('photo zoom arithmetic', () => {
  const frame = { photo: { width: 400, height: 300 }, stage: { width: 500, height: 500 } };

  it('steps through the zoom levels from any scale', () => {
    expect(steppedScale(1, 1)).toBe(1.5);
    expect(steppedScale(1.7, 1)).toBe(2);
    expect(steppedScale(1.7, -1)).toBe(1.5);
    expect(steppedScale(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
    expect(steppedScale(1, -1)).toBe(1);
  });

  it('keeps the point under the pointer in place, within the edges', () => {
    // Zooming 2× about a point 100 px right of centre moves the photo 100 px left.
    expect(zoomAround(FITTED, 2, { x: 100, y: 0 }, frame)).toEqual({ scale: 2, x: -100, y: 0 });
    // The photo (800 × 600 at 2×) can move at most 150 px sideways and 50 px up or down.
    expect(zoomAround(FITTED, 2, { x: 400, y: 400 }, frame)).toEqual({ scale: 2, x: -150, y: -50 });
    expect(zoomAround({ scale: 2, x: -100, y: 0 }, 1, { x: 0, y: 0 }, frame)).toEqual(FITTED);
    expect(zoomAround(FITTED, 10, { x: 0, y: 0 }, frame).scale).toBe(MAX_ZOOM);
  });

  it('pans a zoomed photo no further than its edges, and a fitted one not at all', () => {
    expect(panBy({ scale: 2, x: 0, y: 0 }, 60, -500, frame)).toEqual({ scale: 2, x: 60, y: -50 });
    expect(clampPan({ scale: 1, x: 30, y: 30 }, frame)).toEqual(FITTED);
  });
});
