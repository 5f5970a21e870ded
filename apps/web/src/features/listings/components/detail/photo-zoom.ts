/*
 * The full-size photo's zoom and pan, as pure arithmetic (the viewer applies it as a CSS transform
 * `translate(x, y) scale(scale)` about the photo's centre). Scale 1 is the photo fitted to the
 * screen; offsets are CSS pixels from the centred position.
 */

export interface PhotoZoom {
  scale: number;
  x: number;
  y: number;
}

/** The photo fitted to the screen, centred. */
export const FITTED: PhotoZoom = { scale: 1, x: 0, y: 0 };

/** At most four times the fitted size: past the stored photo's own pixels on any screen. */
export const MAX_ZOOM = 4;

/** The levels the buttons and the + and − keys step through. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, MAX_ZOOM] as const;

/** What a double click or a double tap zooms a fitted photo to. */
export const DOUBLE_TAP_ZOOM = 2;

/** How far one arrow key press moves a zoomed photo, in CSS pixels. */
export const PAN_STEP_PX = 60;

/** The sizes the offsets are held within: the photo's fitted box and the space it is shown in. */
export interface ZoomFrame {
  /** The photo's size at scale 1 (its layout box, before the transform). */
  photo: { width: number; height: number };
  /** The area the photo is shown in. */
  stage: { width: number; height: number };
}

export function clampScale(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(1, scale));
}

/** Keeps the photo covering the stage where it can: no edge is dragged into view past its side. */
export function clampPan(zoom: PhotoZoom, frame: ZoomFrame): PhotoZoom {
  const limitX = Math.max(0, (frame.photo.width * zoom.scale - frame.stage.width) / 2);
  const limitY = Math.max(0, (frame.photo.height * zoom.scale - frame.stage.height) / 2);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return { scale: zoom.scale, x: clamp(zoom.x, limitX), y: clamp(zoom.y, limitY) };
}

/**
 * Zooms to `scale` keeping the point `focus` (CSS pixels from the stage's centre) where it is on
 * screen: the spot under the pointer, the fingers or the centre stays put.
 */
export function zoomAround(
  zoom: PhotoZoom,
  scale: number,
  focus: { x: number; y: number },
  frame: ZoomFrame,
): PhotoZoom {
  const next = clampScale(scale);
  if (next === 1) return FITTED;
  const ratio = next / zoom.scale;
  return clampPan(
    { scale: next, x: focus.x - (focus.x - zoom.x) * ratio, y: focus.y - (focus.y - zoom.y) * ratio },
    frame,
  );
}

/** The next level up (direction 1) or down (-1) from any scale, pinched ones included. */
export function steppedScale(scale: number, direction: 1 | -1): number {
  const epsilon = 0.01;
  if (direction === 1) return ZOOM_STEPS.find((step) => step > scale + epsilon) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - epsilon) ?? 1;
}

/** Moves a zoomed photo by (dx, dy), within its limits. */
export function panBy(zoom: PhotoZoom, dx: number, dy: number, frame: ZoomFrame): PhotoZoom {
  return clampPan({ scale: zoom.scale, x: zoom.x + dx, y: zoom.y + dy }, frame);
}

/** "2×", "1.5×" */
export function zoomLabel(scale: number): string {
  return `${Math.round(scale * 10) / 10}×`;
}
