/**
 * The journeys' servers: each Playwright worker drives a server of its own, on its own port and
 * data directory, seeded with the same demo data. Journeys change what they touch (messages
 * read, listings sold, members banned), so two workers on one server would see each other's
 * changes; on servers of their own they run side by side as they would one after another.
 */

/** A whole number from the environment, within bounds, or a clear error naming the variable. */
function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (was "${raw}")`);
  }
  return value;
}

/** How many journeys run at once, each in its own worker against its own server. */
export const E2E_WORKERS = wholeNumber('E2E_WORKERS', 2, 1, 8);

/** The first server's port; worker n's server listens on the port n after it. */
export const E2E_FIRST_PORT = wholeNumber('E2E_PORT', 3210, 1024, 65535 - 8);

/** The address of the server that worker `parallelIndex` (0-based, as Playwright numbers them) drives. */
export function serverUrl(parallelIndex: number): string {
  return `http://localhost:${E2E_FIRST_PORT + parallelIndex}`;
}
