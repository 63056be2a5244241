import { LANGUAGE_COUNTRIES } from './languages.js';
import { base62, stream } from './random.js';

/**
 * Image entries (posters, backdrops, logos, stills, profiles). File names look like the real
 * service's (27 base-62 characters) except that the first character says the shape, so the
 * image route can draw a PNG with the right proportions from the name alone.
 */

export type ImageKind = 'poster' | 'backdrop' | 'logo' | 'still' | 'profile';

export type ImageEntry = {
  aspect_ratio: number;
  height: number;
  iso_3166_1: string | null;
  iso_639_1: string | null;
  file_path: string;
  vote_average: number;
  vote_count: number;
  width: number;
};

type Shape = 'tall' | 'wide' | 'logo';

const SHAPE_PREFIX: Record<Shape, string> = { tall: 't', wide: 'w', logo: 'l' };
const SHAPE_ASPECT: Record<Shape, number> = { tall: 2 / 3, wide: 16 / 9, logo: 4 };

const KINDS: Record<ImageKind, { shape: Shape; ext: 'jpg' | 'png'; widths: readonly number[] }> = {
  poster: { shape: 'tall', ext: 'jpg', widths: [600, 1000, 2000] },
  profile: { shape: 'tall', ext: 'jpg', widths: [400, 600, 1000] },
  backdrop: { shape: 'wide', ext: 'jpg', widths: [1280, 1920, 3840] },
  still: { shape: 'wide', ext: 'jpg', widths: [1280, 1920] },
  logo: { shape: 'logo', ext: 'png', widths: [400, 800, 1200] },
};

/** Which languages images of each kind carry, relative to the title's own language. */
function languageChoices(kind: ImageKind, original: string): ReadonlyArray<readonly [string | null, number]> {
  switch (kind) {
    case 'poster':
      return [['en', 4], [original, 3], [null, 2], ['de', 1], ['fr', 1]];
    case 'logo':
      return [['en', 4], [original, 2], [null, 1]];
    case 'backdrop':
    case 'still':
      return [[null, 6], ['en', 2], [original, 1]];
    case 'profile':
      return [[null, 8], ['en', 1]];
  }
}

/** An image's country: the main country of its language; an untagged image has none. */
function imageCountry(language: string | null): string | null {
  return language === null ? null : (LANGUAGE_COUNTRIES[language]?.[0] ?? 'US');
}

/**
 * `count` images of one kind for one owner (e.g. owner "movie", ids [550]). The first image
 * is the owner's poster_path / backdrop_path / still_path / profile_path.
 */
export function imageSet(
  seed: number, kind: ImageKind, owner: string, ids: readonly number[], count: number, originalLanguage: string,
): ImageEntry[] {
  const r = stream(seed, `images:${owner}:${kind}`, ...ids);
  const spec = KINDS[kind];
  const aspect = SHAPE_ASPECT[spec.shape];
  const choices = languageChoices(kind, originalLanguage);
  const out: ImageEntry[] = [];
  for (let i = 0; i < count; i++) {
    const width = r.pick(spec.widths);
    const height = Math.round(width / aspect);
    const votes = r.int(0, 30);
    const language = r.weighted(choices);
    out.push({
      aspect_ratio: Math.round((width / height) * 1000) / 1000,
      height,
      iso_3166_1: imageCountry(language),
      iso_639_1: language,
      file_path: `/${SHAPE_PREFIX[spec.shape]}${base62(r, 26)}.${spec.ext}`,
      vote_average: votes === 0 ? 0 : r.decimal(5, 5.8, 3),
      vote_count: votes,
      width,
    });
  }
  // The real service lists the best-voted first; the first one stays the owner's main image.
  const [main, ...rest] = out;
  rest.sort((a, b) => b.vote_average - a.vote_average || b.vote_count - a.vote_count);
  return main ? [main, ...rest] : [];
}

/** The main image's path without generating the whole set. */
export function mainImagePath(seed: number, kind: ImageKind, owner: string, ids: readonly number[], originalLanguage: string): string {
  return imageSet(seed, kind, owner, ids, 1, originalLanguage)[0]!.file_path;
}

/** Width / height of the image a file name stands for, or undefined for names we never made. */
export function aspectOfFile(fileName: string): number | undefined {
  const match = /^([twl])[0-9A-Za-z]{26}\.(?:jpg|png)$/.exec(fileName);
  if (!match) return undefined;
  const shape = (Object.keys(SHAPE_PREFIX) as Shape[]).find((s) => SHAPE_PREFIX[s] === match[1])!;
  return SHAPE_ASPECT[shape];
}

/**
 * Keeps the images whose language is asked for, as the real service does: `language` (its
 * ISO 639-1 part) plus each code of `include_image_language`, where "null" means untagged.
 * With neither parameter every image is returned.
 */
export function filterByLanguage(images: ImageEntry[], language?: string, includeImageLanguage?: string): ImageEntry[] {
  const wanted = new Set<string | null>();
  if (language) wanted.add(language.split('-')[0]!.toLowerCase());
  for (const code of (includeImageLanguage ?? '').split(',')) {
    const trimmed = code.trim();
    if (!trimmed) continue;
    wanted.add(trimmed.toLowerCase() === 'null' ? null : trimmed.split('-')[0]!.toLowerCase());
  }
  if (wanted.size === 0) return images;
  return images.filter((image) => wanted.has(image.iso_639_1));
}
