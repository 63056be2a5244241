import { LANGUAGE_COUNTRIES, spokenLanguage } from './languages.js';
import { type RecordKind, TRANSLATED_LANGUAGES, hasTranslation, inLanguage } from './translations.js';

/**
 * A record's translations, as its translations operation lists them: English, and each
 * language the catalog has its text in, with the fields that language's requests answer (so
 * `?language=de` and the German entry here always agree). Languages a record has no
 * translation in are not listed.
 */
export function recordTranslations<const F extends string>(
  seed: number,
  kind: RecordKind,
  record: { id: number } & Record<F, unknown>,
  fields: readonly F[],
) {
  const translations = ['en', ...TRANSLATED_LANGUAGES]
    .filter((code) => hasTranslation(seed, code, kind, record.id))
    .map((code) => {
      const text = code === 'en' ? record : (inLanguage(record, code, seed) as typeof record);
      const language = spokenLanguage(code);
      return {
        iso_3166_1: LANGUAGE_COUNTRIES[code]?.[0] ?? 'US',
        iso_639_1: code,
        name: language.name,
        english_name: language.english_name,
        data: Object.fromEntries(fields.map((field) => [field, text[field]])) as unknown as Record<F, string>,
      };
    });
  return { id: record.id, translations };
}
