import type { Configuration } from '../contract/schemas/configuration.js';

/**
 * Image addresses: the configuration (E17) gives a base URL and, per kind of image, the sizes
 * the image service renders ("w92", "w500", "h632", "original"). An address is
 * base + size + file_path.
 */

/** Where the real service's images live, for a configuration that does not say. */
const DEFAULT_IMAGE_BASE = 'https://image.tmdb.org/t/p/';

export type ImageKind = 'poster' | 'backdrop' | 'logo' | 'profile' | 'still';

const SIZE_LISTS = {
  poster: 'poster_sizes',
  backdrop: 'backdrop_sizes',
  logo: 'logo_sizes',
  profile: 'profile_sizes',
  still: 'still_sizes',
} as const satisfies Record<ImageKind, keyof NonNullable<Configuration['images']>>;

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

/** A file name as the service writes them ("/kqjL17yufvn9OVLyXYpvtyrFfak.jpg"): no directories, no "..". */
const PLAIN_FILE = /^\/?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class ImageAddressError extends Error {
  override readonly name = 'ImageAddressError';
}

/** An image could not be fetched: the image service answered with an error, or too much. */
export class ImageFetchError extends Error {
  override readonly name = 'ImageFetchError';
}

/** A poster at the service's largest size is a few hundred kilobytes; far more is not a poster. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** True for an absolute http: or https: address, the only kind Marquee opens or copies. */
export function isWebAddress(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Why no image address can be built from this configuration and file path (undefined when one
 * can): the base must be an http(s) address and the path a plain file name, so that an answer
 * cannot make Marquee open `file://`, `javascript:` or a path outside the image service.
 */
export function imageAddressProblem(config: Configuration, filePath: string): string | undefined {
  const base = config.images?.secure_base_url || config.images?.base_url || DEFAULT_IMAGE_BASE;
  if (!isWebAddress(base)) return 'the service gave an image base address that is not http or https';
  if (!PLAIN_FILE.test(filePath) || filePath.includes('..')) return 'the image path is not a plain file name';
  return undefined;
}

/** The address of an image; throws ImageAddressError when imageAddressProblem finds one. */
export function imageUrl(config: Configuration, kind: ImageKind, filePath: string, minWidth?: number): string {
  const problem = imageAddressProblem(config, filePath);
  if (problem) throw new ImageAddressError(problem);
  const images = config.images;
  // An old or partial configuration may lack a base or the sizes: the image service's own
  // address and the original size still make a working address.
  const base = (images?.secure_base_url || images?.base_url || DEFAULT_IMAGE_BASE).replace(/\/+$/, '');
  const size = chooseImageSize(images?.[SIZE_LISTS[kind]] ?? [], minWidth);
  const path = filePath.startsWith('/') ? filePath : `/${filePath}`;
  return `${base}/${size}${path}`;
}
