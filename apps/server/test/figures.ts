import { appendFileSync } from 'node:fs';

/**
 * A figure of the reliability and security tests (payloads tried, faults injected, writes
 * checked). It is printed, and appended to CASTLINE_FIGURES_FILE when `npm test` sets it, so that
 * the run ends with one table of them (docs/security.md).
 */
export function recordFigure(test: string, figure: string): void {
  console.log(`${test}: ${figure}`);
  const file = process.env.CASTLINE_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ test, figure })}\n`);
}
