/** A full page load (drops every in-memory state); kept in one place so tests can observe it. */
export function hardRedirect(path: string): void {
  window.location.assign(path);
}
