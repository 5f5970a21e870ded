import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { starsLabel } from '../lib/review-texts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars, filled up to `rating` (an average rounds to the nearest star); read as its label. */
export function Stars({
  rating,
  label = `${rating} out of 5 stars`,
  size = 18,
  className,
}: {
  rating: number;
  label?: string;
  size?: number;
  className?: string;
}) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className={cn('inline-flex shrink-0 gap-0.5', className)}>
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          size={size}
          className={star <= filled ? 'fill-cta text-cta' : 'text-ink-muted/50'}
        />
      ))}
    </span>
  );
}

interface StarRatingInputProps {
  /** The radio group's name (one per form). */
  name: string;
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  /** The id of the error shown under the group, when there is one. */
  errorId?: string | undefined;
  invalid?: boolean;
}

/**
 * A 1–5 star choice: five native radio buttons (Tab reaches the group, the arrow keys move the
 * choice, Space picks), each hidden behind its star and named "1 star" … "5 stars".
 */
export function StarRatingInput({ name, legend, value, onChange, errorId, invalid }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={invalid || undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-1 flex gap-1" onPointerLeave={() => setHovered(null)}>
        {STARS.map((star) => (
          <label
            key={star}
            onPointerEnter={() => setHovered(star)}
            className={cn(
              'inline-flex size-11 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-muted',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={starsLabel(star)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              size={28}
              className={star <= shown ? 'fill-cta text-cta' : 'text-ink-muted/60'}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
