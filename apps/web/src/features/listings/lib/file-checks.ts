import {
  IMAGE_FORM_MAX_BYTES,
  IMAGE_MAX_DIMENSION,
  IMAGE_MESSAGES,
  LISTING_MESSAGES,
} from '@castline/shared';

/** What is wrong with the photos of one selection, shown in the upload area. */
export type ImageProblem =
  | {
      kind: 'file';
      message: string;
      advice?: string;
      /** Named when the message does not say which file. */ name?: string;
    }
  | { kind: 'dimensions'; message: string; names: string[] }
  | { kind: 'limit'; message: string };

export const HEIC_ADVICE = 'Convert it to JPEG or PNG on your computer and add it again.';

export interface ImageSize {
  width: number;
  height: number;
}

export function isHeicFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

/** An image by its type; HEIC photos often arrive without one, so their name counts too. */
export function isImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type.toLowerCase().startsWith('image/') || isHeicFile(file);
}

/** Two files are the same when name, size and modification time agree. */
export function fileKey(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

export function exceedsMaxDimensions({ width, height }: ImageSize): boolean {
  return width > IMAGE_MAX_DIMENSION || height > IMAGE_MAX_DIMENSION;
}

/**
 * The checks that need only the file itself, in the spec's order: not an image, HEIC on a desktop,
 * larger than 10 MB. Null when the file passes them.
 */
export function basicFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  { isMobile }: { isMobile: boolean },
): ImageProblem | null {
  if (!isImageFile(file)) return { kind: 'file', message: IMAGE_MESSAGES.notAnImage(file.name) };
  if (isHeicFile(file) && !isMobile) {
    return { kind: 'file', message: IMAGE_MESSAGES.heicDesktop(file.name), advice: HEIC_ADVICE };
  }
  if (file.size > IMAGE_FORM_MAX_BYTES)
    return { kind: 'file', message: IMAGE_MESSAGES.tooLargeForForm(file.name) };
  return null;
}

export interface AcceptedFile {
  /** fileKey of the file as chosen (before any conversion). */
  key: string;
  name: string;
  /** What will be uploaded: the chosen file, or its JPEG conversion for a HEIC photo. */
  file: File;
  /** Converted from HEIC: not compressed again (spec 000 §9). */
  converted: boolean;
}

export interface FileCheckOptions {
  isMobile: boolean;
  /** Keys of files already added to the form (uploaded or uploading). */
  knownKeys: ReadonlySet<string>;
  /** How many more photos the listing can take. */
  slots: number;
  readSize: (file: File) => Promise<ImageSize>;
  convertHeic: (file: File) => Promise<File>;
}

export interface FileCheckResult {
  accepted: AcceptedFile[];
  problems: ImageProblem[];
  /** Files skipped because they were chosen twice or were already added. */
  skippedDuplicates: number;
}

/**
 * Validates one selection (spec 000 §4 Image flow, §5 Images): duplicates are skipped, then each
 * file is checked in order — not an image, HEIC on a desktop, over 10 MB, HEIC converted to JPEG on
 * a phone, unreadable, over 9000 px (collected into one message). At most `slots` files are kept.
 */
export async function checkFiles(
  files: readonly File[],
  options: FileCheckOptions,
): Promise<FileCheckResult> {
  const seen = new Set(options.knownKeys);
  const problems: ImageProblem[] = [];
  const oversized: string[] = [];
  const accepted: AcceptedFile[] = [];
  let skippedDuplicates = 0;

  for (const original of files) {
    const key = fileKey(original);
    if (seen.has(key)) {
      skippedDuplicates += 1;
      continue;
    }
    seen.add(key);

    const basic = basicFileProblem(original, options);
    if (basic) {
      problems.push(basic);
      continue;
    }

    const heic = isHeicFile(original);
    let file = original;
    let size: ImageSize;
    try {
      if (heic) file = await options.convertHeic(original);
      size = await options.readSize(file);
    } catch {
      problems.push({ kind: 'file', message: IMAGE_MESSAGES.unreadable, name: original.name });
      continue;
    }
    if (exceedsMaxDimensions(size)) {
      oversized.push(original.name);
      continue;
    }
    accepted.push({ key, name: original.name, file, converted: heic });
  }

  if (oversized.length > 0) {
    problems.push({
      kind: 'dimensions',
      message: IMAGE_MESSAGES.exceedDimensions(oversized.length),
      names: oversized,
    });
  }
  const slots = Math.max(0, options.slots);
  if (accepted.length > slots) {
    problems.push({ kind: 'limit', message: LISTING_MESSAGES.tooManyImages });
  }
  return { accepted: accepted.slice(0, slots), problems, skippedDuplicates };
}
