import { AVATAR_SIZES, IMAGE_QUALITY_PRESETS } from '@castline/shared';

/** Avatars Castline stored itself (/files/avatars/…); only those can be asked for in other sizes. */
function isStoredAvatar(url: string): boolean {
  return url.startsWith('/files/');
}

/** A square variant of a stored avatar: `width` pixels, WebP, the avatar quality (spec: 85). */
export function avatarVariantUrl(url: string, width: number): string {
  if (!isStoredAvatar(url)) return url;
  const [path = url, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  params.set('format', 'webp');
  params.set('q', String(IMAGE_QUALITY_PRESETS.avatar));
  return `${path}?${params.toString()}`;
}

/** "…?w=64… 64w, …?w=128… 128w, …?w=256… 256w"; undefined for pictures that have no variants. */
export function avatarSrcSet(url: string): string | undefined {
  if (!isStoredAvatar(url)) return undefined;
  return AVATAR_SIZES.map((width) => `${avatarVariantUrl(url, width)} ${width}w`).join(', ');
}

/** The smallest variant at least `displayPx` wide (the src for browsers that ignore srcset). */
export function avatarFallbackWidth(displayPx: number): number {
  return AVATAR_SIZES.find((width) => width >= displayPx) ?? Math.max(...AVATAR_SIZES);
}
