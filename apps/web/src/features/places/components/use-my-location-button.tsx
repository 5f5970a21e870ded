import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { PLACE_UI_MESSAGES } from '../place-messages';

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface UseMyLocationButtonProps {
  /** Called with the device's position, rounded to about 100 m (enough for a radius search). */
  onLocate: (coordinates: Coordinates) => void;
  className?: string;
}

/** GeolocationPositionError codes (jsdom and older browsers lack the named constants). */
const PERMISSION_DENIED = 1;
const TIMEOUT = 3;
const LOCATE_TIMEOUT_MS = 10_000;
const POSITION_MAX_AGE_MS = 5 * 60_000;

function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function messageFor(code: number): string {
  if (code === PERMISSION_DENIED) return PLACE_UI_MESSAGES.permissionDenied;
  if (code === TIMEOUT) return PLACE_UI_MESSAGES.timeout;
  return PLACE_UI_MESSAGES.unavailable;
}

/** Asks the browser for the device's position (for the marketplace radius filter). */
export function UseMyLocationButton({ onLocate, className }: UseMyLocationButtonProps) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setProblem(PLACE_UI_MESSAGES.unsupported);
      return;
    }
    setLocating(true);
    setProblem(null);
    geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onLocate({
          lat: roundCoordinate(position.coords.latitude),
          lng: roundCoordinate(position.coords.longitude),
        });
      },
      (error) => {
        setLocating(false);
        setProblem(messageFor(error.code));
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: POSITION_MAX_AGE_MS },
    );
  };

  return (
    <div className={cn('flex flex-col items-start', className)}>
      <Button variant="secondary" size="sm" loading={locating} onClick={locate}>
        {!locating && <MapPin aria-hidden="true" size={16} />}
        {locating ? PLACE_UI_MESSAGES.locating : PLACE_UI_MESSAGES.useMyLocation}
      </Button>
      {/* Always present, so that a problem is announced when it appears. */}
      <div role="status">{problem && <p className="mt-1.5 text-sm text-ink-muted">{problem}</p>}</div>
    </div>
  );
}
