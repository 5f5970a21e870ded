import * as RadixDialog from '@radix-ui/react-dialog';
import { ImageOff, X } from 'lucide-react';
import type { KeyboardEvent, PointerEvent, ReactNode, RefObject } from 'react';
import { useCallback, useRef, useState } from 'react';
import { focusReturner } from '../../../../components/ui/dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { measureImageLoadSoon } from '../../../../lib/measure-image-load';
import { DETAIL_TEXTS } from './detail-texts';
import { ArrowButtons, SWIPE_THRESHOLD_PX } from './gallery-parts';
import type { PhotoZoom, ZoomFrame } from './photo-zoom';
import {
  clampPan,
  clampScale,
  DOUBLE_TAP_ZOOM,
  FITTED,
  MAX_ZOOM,
  PAN_STEP_PX,
  panBy,
  steppedScale,
  zoomAround,
  zoomLabel,
} from './photo-zoom';

/** Two taps this close in time (ms) and place (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 30;
/** A pointer that moves less than this is a tap, not a drag. */
const TAP_SLOP_PX = 8;

/** Arrow keys move a zoomed photo: the view travels the way the arrow points. */
const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [PAN_STEP_PX, 0],
  ArrowRight: [-PAN_STEP_PX, 0],
  ArrowUp: [0, PAN_STEP_PX],
  ArrowDown: [0, -PAN_STEP_PX],
};

interface PhotoViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing's title, in the view's heading. */
  title: string;
  /** "Photo 2 of 5" when there are several; null for one photo. */
  label: string | null;
  /**
   * The stored photo: the upload as the server kept it (at most 2560 × 1440, never enlarged), the
   * largest there is of it; every other size is a smaller variant made from it.
   */
  url: string;
  alt: string;
  /** Steps through the photos; null for one photo. */
  onStep: ((direction: -1 | 1) => void) | null;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The "View full size" button. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

type Point = { x: number; y: number };

type Gesture =
  | { kind: 'drag'; pointerType: string; start: Point; from: PhotoZoom; moved: boolean }
  | { kind: 'pinch'; distance: number; mid: Point; from: PhotoZoom; last: PhotoZoom };

interface ViewState {
  /** The photo and the opening this zoom belongs to: another photo, or opening again, starts fitted. */
  url: string;
  open: boolean;
  zoom: PhotoZoom;
  /** Zoomed at least once (the status line says so only then). */
  touched: boolean;
}

/** A button of the zoom controls: a sign (named by `label`) or its own words. */
function ToolButton({
  label,
  disabled,
  onClick,
  children,
}: {
  /** The name of a button showing a sign; a button of words is named by them. */
  label?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  // aria-disabled, not disabled: the button keeps focus when it reaches its limit.
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-white',
        !label && 'px-3',
        disabled ? 'cursor-default opacity-40' : 'hover:bg-white/15',
      )}
    >
      {children}
    </button>
  );
}

/**
 * The listing's photo full size on a dark screen: the largest stored copy, fitted to the screen, with
 * zoom (buttons, + and − keys, double click or double tap, pinch, wheel) and, once zoomed, panning
 * (drag, arrow keys). Not zoomed, the arrows, arrow keys and swipes step through the photos.
 */
export function PhotoViewer({
  open,
  onOpenChange,
  title,
  label,
  url,
  alt,
  onStep,
  onKeyDown,
  returnFocusTo,
}: PhotoViewerProps) {
  const [view, setView] = useState<ViewState>({ url, open, zoom: FITTED, touched: false });
  // Another photo (the arrows, keys or swipes) starts fitted, and so does the view opened again.
  const sameView = view.url === url && view.open === open;
  if (!sameView) setView({ url, open, zoom: FITTED, touched: false });
  const zoom = sameView ? view.zoom : FITTED;
  const zoomed = zoom.scale > 1;

  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [interacting, setInteracting] = useState(false);

  const stageRef = useRef<HTMLDivElement | null>(null);
  const photoRef = useRef<HTMLImageElement | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; point: Point } | null>(null);
  /** When a double tap last zoomed: the dblclick a browser may send after it is not a second one. */
  const doubleTappedAt = useRef(-Infinity);

  const setZoom = useCallback((update: (current: PhotoZoom) => PhotoZoom) => {
    setView((current) => {
      const next = update(current.zoom);
      const same =
        next.scale === current.zoom.scale && next.x === current.zoom.x && next.y === current.zoom.y;
      return same ? current : { ...current, zoom: next, touched: true };
    });
  }, []);

  /** The photo's fitted box and the stage, as laid out now. */
  const frame = useCallback((): ZoomFrame => {
    const photo = photoRef.current;
    const stage = stageRef.current;
    return {
      photo: { width: photo?.offsetWidth ?? 0, height: photo?.offsetHeight ?? 0 },
      stage: { width: stage?.clientWidth ?? 0, height: stage?.clientHeight ?? 0 },
    };
  }, []);

  /** A point on screen as an offset from the stage's centre (where the photo is centred). */
  const fromCentre = useCallback((clientX: number, clientY: number): Point => {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: clientX - (box.left + box.width / 2), y: clientY - (box.top + box.height / 2) };
  }, []);

  const stepZoom = (direction: 1 | -1) =>
    setZoom((current) =>
      zoomAround(current, steppedScale(current.scale, direction), { x: 0, y: 0 }, frame()),
    );
  const fit = () => setZoom(() => FITTED);
  const toggleZoomAt = (point: Point) =>
    setZoom((current) => (current.scale > 1 ? FITTED : zoomAround(current, DOUBLE_TAP_ZOOM, point, frame())));

  // The wheel (and a trackpad's pinch, which arrives as a wheel with ctrlKey) zooms about the
  // pointer. A native listener: React's wheel handlers are passive and cannot keep the page still.
  const attachStage = useCallback(
    (node: HTMLDivElement | null) => {
      stageRef.current = node;
      if (!node) return;
      const onWheel = (event: WheelEvent) => {
        event.preventDefault();
        const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
        const factor = Math.exp(-pixels * (event.ctrlKey ? 0.01 : 0.002));
        const point = fromCentre(event.clientX, event.clientY);
        setZoom((current) => zoomAround(current, current.scale * factor, point, frame()));
      };
      node.addEventListener('wheel', onWheel, { passive: false });
      return () => {
        node.removeEventListener('wheel', onWheel);
        // Closed in the middle of a gesture: the next opening starts with no finger down.
        pointers.current.clear();
        gesture.current = null;
        setInteracting(false);
      };
    },
    [frame, fromCentre, setZoom],
  );

  const onContentKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const pan = PAN_KEYS[event.key];
    if (event.key === '+' || event.key === '=') stepZoom(1);
    else if (event.key === '-' || event.key === '_') stepZoom(-1);
    else if (event.key === '0') fit();
    else if (zoomed && pan) setZoom((current) => panBy(current, pan[0], pan[1], frame()));
    else {
      // Not zoomed, the gallery's keys: arrows step through the photos, Home and End jump.
      if (!zoomed) onKeyDown(event);
      return;
    }
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment captures pointers; the gesture still works while over the stage.
    }
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [first, second] = [...pointers.current.values()];
    if (first && second) {
      const mid = fromCentre((first.x + second.x) / 2, (first.y + second.y) / 2);
      const distance = Math.hypot(second.x - first.x, second.y - first.y) || 1;
      gesture.current = { kind: 'pinch', distance, mid, from: zoom, last: zoom };
      setInteracting(true);
    } else if (first) {
      gesture.current = {
        kind: 'drag',
        pointerType: event.pointerType,
        start: point,
        from: zoom,
        moved: false,
      };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      const [first, second] = [...pointers.current.values()];
      if (!first || !second) return;
      const mid = fromCentre((first.x + second.x) / 2, (first.y + second.y) / 2);
      const scale = clampScale(
        (current.from.scale * Math.hypot(second.x - first.x, second.y - first.y)) / current.distance,
      );
      const ratio = scale / current.from.scale;
      const next =
        scale === 1
          ? FITTED
          : clampPan(
              {
                scale,
                x: mid.x - (current.mid.x - current.from.x) * ratio,
                y: mid.y - (current.mid.y - current.from.y) * ratio,
              },
              frame(),
            );
      current.last = next;
      setZoom(() => next);
    } else if (current?.kind === 'drag') {
      const dx = event.clientX - current.start.x;
      const dy = event.clientY - current.start.y;
      if (!current.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
      current.moved = true;
      if (current.from.scale > 1) {
        setInteracting(true);
        setZoom(() => panBy(current.from, dx, dy, frame()));
      }
    }
  };

  const endPointer = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      // One finger stays down: it goes on moving the photo from where the pinch left it.
      const [remaining] = [...pointers.current.values()];
      gesture.current = remaining
        ? { kind: 'drag', pointerType: 'touch', start: remaining, from: current.last, moved: true }
        : null;
      if (!remaining) setInteracting(false);
      return;
    }
    gesture.current = null;
    setInteracting(false);
    if (cancelled || current?.kind !== 'drag') return;
    const dx = event.clientX - current.start.x;
    const dy = event.clientY - current.start.y;
    const touch = current.pointerType !== 'mouse';
    if (!current.moved) {
      // A mouse's double click arrives as dblclick; a finger's two taps are counted here.
      if (!touch) return;
      const now = event.timeStamp;
      const point = { x: event.clientX, y: event.clientY };
      const previous = lastTap.current;
      if (
        previous &&
        now - previous.time < DOUBLE_TAP_MS &&
        Math.hypot(point.x - previous.point.x, point.y - previous.point.y) < DOUBLE_TAP_SLOP_PX
      ) {
        lastTap.current = null;
        doubleTappedAt.current = now;
        toggleZoomAt(fromCentre(point.x, point.y));
      } else {
        lastTap.current = { time: now, point };
      }
      return;
    }
    // Not zoomed, a sideways swipe steps to the next or previous photo.
    if (touch && onStep && current.from.scale === 1) {
      if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) onStep(dx < 0 ? 1 : -1);
    }
  };

  const failed = failedUrl === url;
  const loading = !failed && loadedUrl !== url;
  const status = zoomed ? `Zoomed in ${zoomLabel(zoom.scale)}` : view.touched ? 'Fitted to the screen' : '';

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/95 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onKeyDown={onContentKeyDown}
          onCloseAutoFocus={focusReturner(returnFocusTo)}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 px-3 py-2 text-white sm:px-5 sm:py-3">
            <RadixDialog.Title className="flex min-w-0 gap-1.5 text-sm font-semibold sm:text-base">
              <span className="min-w-0 truncate">{title}</span>
              {label && <span className="shrink-0 font-normal text-white/75">{`· ${label}`}</span>}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close full-size photo"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
            >
              <X aria-hidden="true" size={22} />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">
            {`Zoom with the plus and minus keys, the zoom buttons, a double click or a pinch. Zoomed in, drag the photo or use the arrow keys to look around.${
              onStep ? ' Not zoomed, the left and right arrow keys show the previous and next photo.' : ''
            }`}
          </RadixDialog.Description>

          <div className="relative min-h-0 flex-1">
            <div
              ref={attachStage}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={(event) => endPointer(event, false)}
              onPointerCancel={(event) => endPointer(event, true)}
              onDoubleClick={(event) => {
                if (event.timeStamp - doubleTappedAt.current < 2 * DOUBLE_TAP_MS) return;
                toggleZoomAt(fromCentre(event.clientX, event.clientY));
              }}
              className={cn(
                'absolute inset-0 flex touch-none items-center justify-center overflow-hidden p-2 select-none sm:px-16',
                zoomed ? (interacting ? 'cursor-grabbing' : 'cursor-grab') : 'cursor-zoom-in',
              )}
            >
              {failed ? (
                <span
                  role="img"
                  aria-label={`${alt} (${DETAIL_TEXTS.photoUnavailable})`}
                  className="flex flex-col items-center gap-2 text-white/75"
                >
                  <ImageOff aria-hidden="true" size={36} />
                  <span aria-hidden="true" className="text-sm">
                    {DETAIL_TEXTS.photoUnavailable}
                  </span>
                </span>
              ) : (
                <img
                  key={url}
                  ref={photoRef}
                  src={url}
                  alt={alt}
                  decoding="async"
                  draggable={false}
                  onLoad={(event) => {
                    setLoadedUrl(url);
                    measureImageLoadSoon(event.currentTarget);
                  }}
                  onError={() => setFailedUrl(url)}
                  style={{ transform: `translate3d(${zoom.x}px, ${zoom.y}px, 0) scale(${zoom.scale})` }}
                  className={cn(
                    'max-h-full max-w-full object-contain will-change-transform',
                    !interacting && 'transition-transform duration-150 motion-reduce:transition-none',
                  )}
                />
              )}
              {loading && (
                <span className="absolute inset-0 flex items-center justify-center text-white">
                  <Spinner label="Loading the full-size photo" size={32} />
                </span>
              )}
            </div>
            {onStep && <ArrowButtons onStep={onStep} />}
          </div>

          <div className="flex items-center justify-center gap-2 px-3 pt-1 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <div
              role="group"
              aria-label="Zoom"
              className="flex items-center gap-1 rounded-full bg-white/10 p-1"
            >
              <ToolButton label="Zoom out" disabled={!zoomed} onClick={() => stepZoom(-1)}>
                <span aria-hidden="true" className="text-2xl leading-none">
                  −
                </span>
              </ToolButton>
              <ToolButton disabled={!zoomed} onClick={fit}>
                Fit to screen
              </ToolButton>
              <ToolButton label="Zoom in" disabled={zoom.scale >= MAX_ZOOM} onClick={() => stepZoom(1)}>
                <span aria-hidden="true" className="text-2xl leading-none">
                  +
                </span>
              </ToolButton>
            </div>
          </div>
          <p className="sr-only" role="status">
            {status}
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
