import type { PriceGuidePointDto } from '@castline/shared';
import { useId } from 'react';
import { formatLongDate } from '../../../../lib/format-date';
import { formatDollars as formatPrice } from '../../../../lib/format-number';

interface PriceChartProps {
  /** Sales, oldest first. */
  points: readonly PriceGuidePointDto[];
  median: number;
  low: number;
  high: number;
  /** The months the chart spans, ending today. */
  months: number;
  /** Today (tests fix it). */
  now?: Date;
}

const WIDTH = 320;
const HEIGHT = 88;
const PAD = { top: 10, right: 8, bottom: 10, left: 48 };
const DAY_MS = 86_400_000;

/** A sale's day (YYYY-MM-DD, UTC) as milliseconds. */
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Sold prices over time, drawn in SVG: one dot a sale along the months, the median as a dashed
 * line, the lowest and highest prices on the side. Its title and description say the same in
 * words; the figures are also in the text beside it.
 */
export function PriceChart({ points, median, low, high, months, now = new Date() }: PriceChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const end = now.getTime();
  const start = end - months * 30.44 * DAY_MS;
  const span = Math.max(high - low, 1);
  // A little room above and below, so that dots at the lowest and highest price are whole.
  const bottom = low - span * 0.1;
  const top = high + span * 0.1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (day: string) =>
    PAD.left + Math.min(1, Math.max(0, (dayMs(day) - start) / (end - start))) * plotWidth;
  const y = (price: number) => PAD.top + plotHeight - ((price - bottom) / (top - bottom)) * plotHeight;
  const first = points[0];
  const last = points.at(-1);
  const description =
    first && last
      ? `${points.length} sales from ${formatLongDate(first.sold_at)} to ${formatLongDate(last.sold_at)}, ` +
        `between ${formatPrice(low)} and ${formatPrice(high)}; median ${formatPrice(median)}.`
      : '';

  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full max-w-sm text-ink-muted"
    >
      <title id={titleId}>{`Sold prices over the last ${months} months`}</title>
      <desc id={descriptionId}>{description}</desc>
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        stroke="currentColor"
        strokeOpacity={0.4}
      />
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={y(median)}
        y2={y(median)}
        stroke="currentColor"
        strokeOpacity={0.6}
        strokeDasharray="4 3"
      />
      {[high, low].map((price, index) => (
        <text
          key={index}
          x={PAD.left - 6}
          y={y(price)}
          textAnchor="end"
          dominantBaseline="middle"
          fontSize={11}
          fill="currentColor"
        >
          {formatPrice(price)}
        </text>
      ))}
      {points.map((point, index) => (
        <circle key={index} cx={x(point.sold_at)} cy={y(point.price)} r={3.5} className="fill-brand" />
      ))}
    </svg>
  );
}
