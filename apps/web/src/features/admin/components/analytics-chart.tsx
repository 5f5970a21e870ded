import { useCallback, useId, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface ChartPoint {
  /** The period as shown on the axis and in the table ("Mar 5", "Mar 2025"). */
  label: string;
  value: number;
}

interface AnalyticsChartProps {
  /** What is counted ("New members"). */
  title: string;
  points: readonly ChartPoint[];
  /** The heading of the period column in the screen-reader table ("Day", "Month"). */
  periodLabel: string;
  className?: string;
}

/** The drawing's width before its card has been measured (and where nothing can measure it). */
const DEFAULT_WIDTH = 640;
/** Narrower than this, the chart is drawn at this width and scaled down. */
const MIN_WIDTH = 240;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };
/** Axis labels: 12 px on the screen, as the drawing is as wide as its card (one unit, one pixel). */
const AXIS_FONT_SIZE = 12;
/** Room each period label needs along the axis ("Mar 15" at 12 px, and a gap). */
const AXIS_LABEL_SPACING = 64;
const numberFormat = new Intl.NumberFormat('en');

/**
 * The width the chart's box is drawn at, in CSS pixels, followed as it changes: the drawing
 * takes that many units, so that its text keeps the size it is given.
 */
function useDrawnWidth(): [(element: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width ?? 0;
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, Math.round(measured)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A round top for the value axis: 1, 2, 5 × 10ⁿ at or above `max` (at least 1). */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Which bars get an axis label: the first, the last and a few evenly between. */
function labelledIndexes(count: number, most = 6): Set<number> {
  if (count <= most) return new Set(Array.from({ length: count }, (_, index) => index));
  const picked = new Set<number>([0, count - 1]);
  const step = (count - 1) / (most - 1);
  for (let slot = 1; slot < most - 1; slot += 1) picked.add(Math.round(slot * step));
  return picked;
}

/**
 * A bar chart of counts over time, drawn in SVG. Screen readers get a one-line summary (the
 * image's name) and the full figures as a table.
 */
export function AnalyticsChart({ title, points, periodLabel, className }: AnalyticsChartProps) {
  const titleId = useId();
  const [measure, width] = useDrawnWidth();
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const peak = points.reduce<ChartPoint | null>(
    (best, point) => (best === null || point.value > best.value ? point : best),
    null,
  );
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last && peak
      ? `${title}: ${numberFormat.format(total)} in total from ${first.label} to ${last.label}` +
        (peak.value > 0
          ? `, highest ${numberFormat.format(peak.value)} on ${peak.label}.`
          : ', none in any period.')
      : `${title}: no data.`;

  const top = niceMax(peak?.value ?? 0);
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = points.length > 0 ? plotWidth / points.length : plotWidth;
  const barWidth = Math.max(1, Math.min(32, slot * 0.7));
  const ticks = [0, top / 2, top];
  const labelled = labelledIndexes(
    points.length,
    Math.max(2, Math.min(6, Math.floor(plotWidth / AXIS_LABEL_SPACING))),
  );
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;

  return (
    <figure ref={measure} className={cn('flex flex-col gap-2', className)}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-auto w-full overflow-visible text-ink-muted"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{summary}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity={tick === 0 ? 0.6 : 0.2}
              strokeDasharray={tick === 0 ? undefined : '4 4'}
            />
            <text
              x={PAD.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={AXIS_FONT_SIZE}
              fill="currentColor"
            >
              {numberFormat.format(Math.round(tick * 10) / 10)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          const height = (point.value / top) * plotHeight;
          return (
            <g key={`${point.label}-${index}`}>
              <rect
                x={x}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={height}
                rx={Math.min(3, barWidth / 2)}
                className="fill-brand"
              >
                <title>{`${point.label}: ${numberFormat.format(point.value)}`}</title>
              </rect>
              {labelled.has(index) && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor={
                    index === 0 && points.length > 1
                      ? 'start'
                      : index === points.length - 1 && points.length > 1
                        ? 'end'
                        : 'middle'
                  }
                  fontSize={AXIS_FONT_SIZE}
                  fill="currentColor"
                >
                  {point.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{periodLabel}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.label}-${index}`}>
              <th scope="row">{point.label}</th>
              <td>{numberFormat.format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
