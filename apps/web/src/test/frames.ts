import { vi } from 'vitest';

/**
 * Runs `steps` on a busy page: no animation frame comes until it is done, so what a component left
 * for the next frame has not happened yet when the next key is handled.
 */
export async function beforeTheNextFrame(steps: () => Promise<void>): Promise<void> {
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  try {
    await steps();
  } finally {
    frame.mockRestore();
  }
}
