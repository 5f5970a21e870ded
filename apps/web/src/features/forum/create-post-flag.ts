/** Local-storage flag set by the mobile menu's 'Create Post' button, read once by the Community page. */
export const OPEN_CREATE_POST_FLAG = 'castline:open-create-post';

/** Asks the Community page to open the post composer on its next visit. */
export function setOpenCreatePostFlag(): void {
  try {
    window.localStorage.setItem(OPEN_CREATE_POST_FLAG, '1');
  } catch {
    // Storage can be unavailable (private mode, quota); the button still goes to the Community page.
  }
}

/** True when the flag was set; clears it, so it acts once. */
export function takeOpenCreatePostFlag(): boolean {
  try {
    const wasSet = window.localStorage.getItem(OPEN_CREATE_POST_FLAG) !== null;
    if (wasSet) window.localStorage.removeItem(OPEN_CREATE_POST_FLAG);
    return wasSet;
  } catch {
    return false;
  }
}
