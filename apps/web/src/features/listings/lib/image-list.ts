/** The photos of a listing in the form and which one is the main photo (spec 000 §3, §4). */
export interface ImageListState {
  images: string[];
  /** Undefined when there are no photos; 0 (the first) by default. */
  mainImageIndex: number | undefined;
}

/**
 * The main photo's index after removing the photo at `removedIndex` (spec 000 §4, Image removal):
 * undefined when no photos remain, 0 when the main photo itself was removed, one less when an
 * earlier photo was removed, otherwise unchanged.
 */
export function mainIndexAfterRemoval(
  mainImageIndex: number | undefined,
  removedIndex: number,
  remainingCount: number,
): number | undefined {
  if (remainingCount <= 0) return undefined;
  if (mainImageIndex === undefined || mainImageIndex === removedIndex) return 0;
  if (removedIndex < mainImageIndex) return mainImageIndex - 1;
  return mainImageIndex;
}

/** Adds uploaded photos at the end; the first photo of an empty list becomes the main one. */
export function addImages(state: ImageListState, urls: readonly string[]): ImageListState {
  if (urls.length === 0) return state;
  const images = [...state.images, ...urls];
  return { images, mainImageIndex: state.mainImageIndex ?? 0 };
}

export function removeImage(state: ImageListState, index: number): ImageListState {
  if (index < 0 || index >= state.images.length) return state;
  const images = state.images.filter((_, position) => position !== index);
  return { images, mainImageIndex: mainIndexAfterRemoval(state.mainImageIndex, index, images.length) };
}

export function setMainImage(state: ImageListState, index: number): ImageListState {
  if (index < 0 || index >= state.images.length) return state;
  return { ...state, mainImageIndex: index };
}

/** The chosen main photo moved to the first place, the others keeping their order. */
export function moveMainFirst(images: readonly string[], mainImageIndex: number | undefined): string[] {
  if (mainImageIndex === undefined || mainImageIndex <= 0 || mainImageIndex >= images.length) {
    return [...images];
  }
  const main = images[mainImageIndex] as string;
  return [main, ...images.filter((_, index) => index !== mainImageIndex)];
}
