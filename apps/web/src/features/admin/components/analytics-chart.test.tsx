import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsChart, type ChartPoint } from './analytics-chart';

const POINTS: ChartPoint[] = Array.from({ length: 30 }, (_, index) => ({
  label: `Mar ${index + 1}`,
  value: index % 7,
}));

/** A ResizeObserver that reports `width` for whatever it observes (jsdom has no layout). */
function observeWidth(width: number) {
  class FixedWidthObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ target, contentRect: { width } as DOMRectReadOnly } as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FixedWidthObserver);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The size an axis label is drawn at on the screen: its font size times the drawing's scale. */
function screenFontSizes(svg: SVGSVGElement, drawnWidth: number): number[] {
  const viewBoxWidth = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const scale = drawnWidth / viewBoxWidth;
  return Array.from(svg.querySelectorAll('text')).map(
    (text) => Number(text.getAttribute('font-size')) * scale,
  );
}

describe('analytics chart', () => {
  it.each([420, 330, 900])('draws its axis labels at 12 px or more in a %i px wide card', (width) => {
    observeWidth(width);
    const { container } = render(<AnalyticsChart title="New members" points={POINTS} periodLabel="Day" />);
    const svg = container.querySelector('svg')!;
    const sizes = screenFontSizes(svg, width);
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
  });
});
