/** Debug mode: switched on with ?debug=true (off with ?debug=false) and remembered in this browser. */
export const DEBUG_MODE_KEY = 'castline:debug';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Applies a `debug` query parameter, if the address has one, and answers whether debug mode is on. */
export function syncDebugMode(search: string): boolean {
  const requested = new URLSearchParams(search).get('debug');
  const store = storage();
  if (requested === 'true') store?.setItem(DEBUG_MODE_KEY, 'true');
  else if (requested === 'false') store?.removeItem(DEBUG_MODE_KEY);
  return isDebugMode();
}

export function isDebugMode(): boolean {
  return storage()?.getItem(DEBUG_MODE_KEY) === 'true';
}

export function disableDebugMode(): void {
  storage()?.removeItem(DEBUG_MODE_KEY);
}
