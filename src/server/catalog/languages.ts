import type { Random } from './random.js';

/**
 * Real-world language and country facts for the generated catalog: codes, English names and
 * native names come from Intl.DisplayNames, not from hand-written tables.
 */

// Made on first use: the first Intl object loads ICU's locale data (milliseconds and MiB of
// memory), which a server thread that has not yet been asked for a name need not hold.
let englishLanguageNames: Intl.DisplayNames | undefined;
let englishRegionNames: Intl.DisplayNames | undefined;

/** Original languages of generated titles, with how often each appears. */
export const ORIGINAL_LANGUAGES: ReadonlyArray<readonly [string, number]> = [
  ['en', 58], ['fr', 8], ['es', 7], ['de', 5], ['ja', 6], ['ko', 5], ['it', 4], ['pt', 3], ['sv', 2], ['hi', 2],
];

/** The country a title in each language usually comes from. */
export const LANGUAGE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  en: ['US', 'US', 'US', 'GB', 'CA', 'AU', 'IE', 'NZ'],
  fr: ['FR', 'FR', 'BE', 'CA'],
  es: ['ES', 'MX', 'AR'],
  de: ['DE', 'AT'],
  ja: ['JP'],
  ko: ['KR'],
  it: ['IT'],
  pt: ['BR', 'PT'],
  sv: ['SE'],
  hi: ['IN'],
};

/** Regions where films get released; US most often. */
export const RELEASE_REGIONS = ['GB', 'DE', 'FR', 'CA', 'ES', 'IT', 'JP', 'KR', 'BR', 'AU', 'NL', 'SE', 'MX', 'IN'] as const;

/**
 * One to three of `countries` for the title with this id, beside its main ones: consecutive ids
 * start at consecutive countries, so every country has titles in any catalog with as many titles
 * as countries; how many more is drawn from `random`, a stream of the title's own, so that no
 * other value of the title changes.
 */
export function furtherCountries(countries: readonly string[], id: number, random: Random): string[] {
  if (countries.length === 0) return [];
  const count = random.int(1, 3);
  const step = 1 + random.int(0, Math.max(0, countries.length - 2));
  return [...new Set(Array.from({ length: count }, (_, i) => countries[(id + i * step) % countries.length]!))];
}

/** Countries where people are born in the catalog. */
export const BIRTH_COUNTRIES = ['US', 'GB', 'FR', 'DE', 'ES', 'IT', 'JP', 'KR', 'BR', 'CA', 'AU', 'SE', 'NO', 'MX', 'IN', 'IE'] as const;

const spokenCache = new Map<string, { english_name: string; iso_639_1: string; name: string }>();

/** A spoken_languages entry: English name and the language's own name for itself. */
export function spokenLanguage(code: string): { english_name: string; iso_639_1: string; name: string } {
  let entry = spokenCache.get(code);
  if (!entry) {
    const native = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    entry = { english_name: (englishLanguageNames ??= new Intl.DisplayNames(['en'], { type: 'language' })).of(code) ?? code, iso_639_1: code, name: native };
    spokenCache.set(code, entry);
  }
  return entry;
}

export function countryName(code: string): string {
  return (englishRegionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })).of(code) ?? code;
}
