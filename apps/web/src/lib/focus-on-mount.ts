/**
 * A ref that moves focus to its element when the element is drawn: what React's `autoFocus` prop
 * does. The browser's build runs on preact/compat (decision 0025), which writes `autofocus` as an
 * attribute only, and a browser honours that attribute once per page load, not for a field drawn
 * later (a form opened by a button, a dialog). Fields that take `autoFocus` pass this as their
 * element's ref instead, so both runtimes focus them the same way.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
