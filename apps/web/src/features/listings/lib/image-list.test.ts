import { describe, expect, it } from 'vitest';
import { addImages, mainIndexAfterRemoval, moveMainFirst, removeImage, setMainImage } from './image-list';

describe('mainIndexAfterRemoval (spec: Image removal)', () => {
  it('is undefined when no photos remain', () => {
    expect(mainIndexAfterRemoval(0, 0, 0)).toBeUndefined();
  });

  it('resets to 0 when the main photo was removed', () => {
    expect(mainIndexAfterRemoval(2, 2, 3)).toBe(0);
  });

  it('shifts down by one when an earlier photo was removed', () => {
    expect(mainIndexAfterRemoval(3, 1, 4)).toBe(2);
  });

  it('stays when a later photo was removed', () => {
    expect(mainIndexAfterRemoval(1, 3, 3)).toBe(1);
  });

  it('falls back to the first photo when none was main', () => {
    expect(mainIndexAfterRemoval(undefined, 1, 2)).toBe(0);
  });
});

describe('photo list', () => {
  it('makes the first photo of an empty list the main one and keeps the choice afterwards', () => {
    const first = addImages({ images: [], mainImageIndex: undefined }, ['/a']);
    expect(first).toEqual({ images: ['/a'], mainImageIndex: 0 });
    const chosen = setMainImage(addImages(first, ['/b', '/c']), 2);
    expect(addImages(chosen, ['/d'])).toEqual({ images: ['/a', '/b', '/c', '/d'], mainImageIndex: 2 });
  });

  it('applies the removal rules', () => {
    const state = { images: ['/a', '/b', '/c'], mainImageIndex: 2 };
    expect(removeImage(state, 0)).toEqual({ images: ['/b', '/c'], mainImageIndex: 1 });
    expect(removeImage(state, 2)).toEqual({ images: ['/a', '/b'], mainImageIndex: 0 });
    expect(removeImage({ images: ['/a'], mainImageIndex: 0 }, 0)).toEqual({
      images: [],
      mainImageIndex: undefined,
    });
  });

  it('ignores indexes outside the list', () => {
    const state = { images: ['/a'], mainImageIndex: 0 };
    expect(removeImage(state, 4)).toBe(state);
    expect(setMainImage(state, -1)).toBe(state);
  });
});

describe('moveMainFirst', () => {
  it('moves the chosen main photo to the first place, keeping the others in order', () => {
    expect(moveMainFirst(['/a', '/b', '/c', '/d'], 2)).toEqual(['/c', '/a', '/b', '/d']);
  });

  it('keeps the order when the first photo is main or none is chosen', () => {
    expect(moveMainFirst(['/a', '/b'], 0)).toEqual(['/a', '/b']);
    expect(moveMainFirst(['/a', '/b'], undefined)).toEqual(['/a', '/b']);
    expect(moveMainFirst([], undefined)).toEqual([]);
  });
});
