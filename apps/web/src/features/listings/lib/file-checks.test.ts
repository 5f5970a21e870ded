import { IMAGE_MESSAGES, LISTING_MESSAGES } from '@castline/shared';
import { describe, expect, it, vi } from 'vitest';
import type { FileCheckOptions, ImageSize } from './file-checks';
import { basicFileProblem, checkFiles, fileKey, HEIC_ADVICE, isHeicFile, isImageFile } from './file-checks';

const MB = 1024 * 1024;

function file(name: string, type: string, size = 1000, lastModified = 1_700_000_000_000): File {
  const made = new File(['x'], name, { type, lastModified });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function options(
  overrides: Partial<FileCheckOptions> = {},
  sizes: Record<string, ImageSize | 'unreadable'> = {},
) {
  const readSize = vi.fn(async (chosen: File) => {
    const size = sizes[chosen.name] ?? { width: 1200, height: 900 };
    if (size === 'unreadable') throw new Error('cannot decode');
    return size;
  });
  const convertHeic = vi.fn(async (chosen: File) =>
    file(chosen.name.replace(/\.heic$/i, '.jpg'), 'image/jpeg', 500),
  );
  return { isMobile: false, knownKeys: new Set<string>(), slots: 10, readSize, convertHeic, ...overrides };
}

describe('file kinds', () => {
  it('recognises HEIC by type or by name, and images by type', () => {
    expect(isHeicFile({ name: 'IMG_1.HEIC', type: '' })).toBe(true);
    expect(isHeicFile({ name: 'x', type: 'image/heif' })).toBe(true);
    expect(isImageFile({ name: 'IMG_1.heic', type: '' })).toBe(true);
    expect(isImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });

  it('keys files by name, size and modification time', () => {
    expect(fileKey(file('a.jpg', 'image/jpeg', 10, 1))).toBe(fileKey(file('a.jpg', 'image/jpeg', 10, 1)));
    expect(fileKey(file('a.jpg', 'image/jpeg', 10, 1))).not.toBe(fileKey(file('a.jpg', 'image/jpeg', 10, 2)));
  });
});

describe('basicFileProblem (in the spec order)', () => {
  it('rejects a file that is not an image first, even when it is also too large', () => {
    expect(basicFileProblem(file('manual.pdf', 'application/pdf', 20 * MB), { isMobile: false })).toEqual({
      kind: 'file',
      message: IMAGE_MESSAGES.notAnImage('manual.pdf'),
    });
  });

  it('rejects HEIC on a desktop with advice, before the size check', () => {
    expect(basicFileProblem(file('IMG_2.heic', 'image/heic', 20 * MB), { isMobile: false })).toEqual({
      kind: 'file',
      message: IMAGE_MESSAGES.heicDesktop('IMG_2.heic'),
      advice: HEIC_ADVICE,
    });
    expect(basicFileProblem(file('IMG_2.heic', 'image/heic', 2 * MB), { isMobile: true })).toBeNull();
  });

  it('rejects files over 10 MB', () => {
    expect(basicFileProblem(file('big.jpg', 'image/jpeg', 10 * MB + 1), { isMobile: false })).toEqual({
      kind: 'file',
      message: IMAGE_MESSAGES.tooLargeForForm('big.jpg'),
    });
    expect(basicFileProblem(file('ok.jpg', 'image/jpeg', 10 * MB), { isMobile: false })).toBeNull();
  });
});

describe('checkFiles', () => {
  it('skips duplicates within the selection and files already added', async () => {
    const a = file('a.jpg', 'image/jpeg');
    const known = file('b.jpg', 'image/jpeg');
    const result = await checkFiles(
      [a, file('a.jpg', 'image/jpeg'), known],
      options({ knownKeys: new Set([fileKey(known)]) }),
    );
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['a.jpg']);
    expect(result.skippedDuplicates).toBe(2);
    expect(result.problems).toEqual([]);
  });

  it('reports unreadable files and collects the oversized ones into one message', async () => {
    const result = await checkFiles(
      [
        file('broken.jpg', 'image/jpeg'),
        file('huge-1.jpg', 'image/jpeg'),
        file('fine.jpg', 'image/jpeg'),
        file('huge-2.png', 'image/png'),
      ],
      options(
        {},
        {
          'broken.jpg': 'unreadable',
          'huge-1.jpg': { width: 9001, height: 4000 },
          'huge-2.png': { width: 3000, height: 12000 },
        },
      ),
    );
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['fine.jpg']);
    expect(result.problems).toEqual([
      { kind: 'file', message: IMAGE_MESSAGES.unreadable, name: 'broken.jpg' },
      {
        kind: 'dimensions',
        message: IMAGE_MESSAGES.exceedDimensions(2),
        names: ['huge-1.jpg', 'huge-2.png'],
      },
    ]);
  });

  it('accepts exactly 9000 pixels', async () => {
    const result = await checkFiles(
      [file('edge.jpg', 'image/jpeg')],
      options({}, { 'edge.jpg': { width: 9000, height: 9000 } }),
    );
    expect(result.accepted).toHaveLength(1);
  });

  it('converts HEIC on a phone and checks the converted photo', async () => {
    const checks = options({ isMobile: true });
    const result = await checkFiles([file('IMG_3.heic', 'image/heic')], checks);
    expect(checks.convertHeic).toHaveBeenCalledTimes(1);
    expect(result.accepted).toEqual([
      expect.objectContaining({
        name: 'IMG_3.heic',
        converted: true,
        file: expect.objectContaining({ name: 'IMG_3.jpg' }),
      }),
    ]);
  });

  it('treats a HEIC photo that cannot be converted as unreadable', async () => {
    const checks = options({
      isMobile: true,
      convertHeic: vi.fn(async () => Promise.reject(new Error('bad'))),
    });
    const result = await checkFiles([file('IMG_4.heic', 'image/heic')], checks);
    expect(result.problems).toEqual([
      { kind: 'file', message: IMAGE_MESSAGES.unreadable, name: 'IMG_4.heic' },
    ]);
  });

  it('keeps no more photos than the listing has room for', async () => {
    const files = ['1.jpg', '2.jpg', '3.jpg'].map((name) => file(name, 'image/jpeg'));
    const result = await checkFiles(files, options({ slots: 2 }));
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(['1.jpg', '2.jpg']);
    expect(result.problems).toEqual([{ kind: 'limit', message: LISTING_MESSAGES.tooManyImages }]);
  });

  it('does not read a file that failed an earlier check', async () => {
    const checks = options();
    await checkFiles([file('notes.txt', 'text/plain'), file('IMG.heic', 'image/heic')], checks);
    expect(checks.readSize).not.toHaveBeenCalled();
    expect(checks.convertHeic).not.toHaveBeenCalled();
  });
});
