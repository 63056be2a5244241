import type { Configuration } from '../contract/schemas/configuration.js';

/**
 * Image addresses: the configuration (E17) gives a base URL and, per kind of image, the sizes
 * the image service renders ("w92", "w500", "h632", "original"). An address is
 * base + size + file_path.
 */

export type ImageKind = 'poster' | 'backdrop' | 'logo' | 'profile' | 'still';

const SIZE_LISTS = {
  poster: 'poster_sizes',
  backdrop: 'backdrop_sizes',
  logo: 'logo_sizes',
  profile: 'profile_sizes',
  still: 'still_sizes',
} as const satisfies Record<ImageKind, keyof Configuration['images']>;

/**
 * The smallest width size ("wN") at least `minWidth` pixels wide; "original" when none is wide
 * enough, or when no width is asked for. Height sizes ("h632") are not widths and are skipped.
 */
export function chooseImageSize(sizes: readonly string[], minWidth?: number): string {
  if (minWidth === undefined) return 'original';
  let best: number | undefined;
  for (const size of sizes) {
    const match = /^w(\d+)$/.exec(size);
    if (!match) continue;
    const width = Number(match[1]);
    if (width >= minWidth && (best === undefined || width < best)) best = width;
  }
  return best === undefined ? 'original' : `w${best}`;
}

export function imageUrl(config: Configuration, kind: ImageKind, filePath: string, minWidth?: number): string {
  const images = config.images;
  const base = (images.secure_base_url || images.base_url).replace(/\/+$/, '');
  const size = chooseImageSize(images[SIZE_LISTS[kind]], minWidth);
  const path = filePath.startsWith('/') ? filePath : `/${filePath}`;
  return `${base}/${size}${path}`;
}
