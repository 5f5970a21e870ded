import { vi } from 'vitest';

/**
 * Runs `act` on a busy page: no animation frame comes until it is done, so what a component left
 * for the next frame has not happened yet when the next key is handled.
 */
export async function beforeTheNextFrame(act: () => Promise<void>): Promise<void> {
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  try {
    await act();
  } finally {
    frame.mockRestore();
  }
}
