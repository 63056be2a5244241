import { LANGUAGE_COUNTRIES, spokenLanguage } from './languages.js';
import type { MovieCore } from './movies.js';
import { stream } from './random.js';
import { type RecordKind, inLanguage, translatedLanguages } from './translations.js';

/**
 * What the service knows about a film besides its details: the titles it goes by in other
 * countries, and its translations. Each is made from what the details already say, so a
 * translation's text is what the details answer in that language.
 */

/**
 * A film's other titles: the ones search finds it by (each with a country it is released in),
 * and its original title where that differs from the shown one.
 */
export function alternativeTitles(seed: number, core: MovieCore) {
  const r = stream(seed, 'movie-alternative-titles', core.id);
  const others = core.regions.filter((region) => region !== core.originCountry);
  const titles = core.alternativeTitles.map((title) => ({
    iso_3166_1: others.length > 0 ? r.pick(others) : core.originCountry,
    title,
    type: r.chance(0.3) ? 'working title' : '',
  }));
  if (core.originalTitle !== core.title) titles.push({ iso_3166_1: core.originCountry, title: core.originalTitle, type: 'original title' });
  return { id: core.id, titles };
}

/** Who a translation is for: the language's main country, code and names. */
function translationOf(code: string) {
  const language = spokenLanguage(code);
  return { iso_3166_1: LANGUAGE_COUNTRIES[code]?.[0] ?? 'US', iso_639_1: code, name: language.name, english_name: language.english_name };
}

type Texts = Record<string, unknown>;

/**
 * English, then each language the record is translated into, with `data` made from the
 * record as it answers in that language.
 */
function translations<D>(seed: number, kind: RecordKind, record: Texts & { id: number }, data: (texts: Texts) => D) {
  const languages = ['en', ...translatedLanguages(kind, record.id, seed)];
  return {
    id: record.id,
    translations: languages.map((code) => ({
      ...translationOf(code),
      data: data(code === 'en' ? record : (inLanguage(record, code, seed) as Texts)),
    })),
  };
}

/** A film's translations; `details` is its details answer in English. */
export function movieTranslations(
  seed: number,
  details: { id: number; title: string; overview: string; tagline: string; homepage: string; runtime: number },
) {
  return translations(seed, 'movie', details, (texts) => ({
    homepage: details.homepage,
    overview: String(texts.overview),
    runtime: details.runtime,
    tagline: String(texts.tagline),
    title: String(texts.title),
  }));
}

/** A collection's translations; `details` is its details answer in English. */
export function collectionTranslations(seed: number, details: { id: number; name: string; overview: string }) {
  return translations(seed, 'collection', details, (texts) => ({
    title: String(texts.name),
    overview: String(texts.overview),
    homepage: '',
  }));
}
