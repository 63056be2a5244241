import { regionName } from './regions.js';

export interface CodeChoice {
  readonly code: string;
  readonly name: string;
}

/**
 * Codes Intl names that are not countries: exceptionally reserved ones (AC, CP, CQ, DG, EA, EU,
 * EZ, IC, TA, UN) and user-assigned ones (QO, XA, XB, ZZ). XK stays: the service uses it for Kosovo.
 */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

/** Every pair of letters, upper or lower case: the candidates for ISO 3166-1 and 639-1 codes. */
function letterPairs(upper: boolean): string[] {
  const first = upper ? 65 : 97;
  const pairs: string[] = [];
  for (let a = 0; a < 26; a++) for (let b = 0; b < 26; b++) pairs.push(String.fromCharCode(first + a, first + b));
  return pairs;
}

let regions: CodeChoice[] | undefined;
let languages: CodeChoice[] | undefined;

/**
 * The ISO 3166-1 countries, by name. Intl names a region code it knows; codes it only knows as
 * aliases of others (ZR for CD) canonicalize to something else and are left out.
 */
export function regionChoices(): readonly CodeChoice[] {
  regions ??= (() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    return letterPairs(true)
      .filter((code) => !NOT_COUNTRIES.has(code) && names.of(code) !== undefined)
      .filter((code) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`)
      .map((code) => ({ code, name: regionName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  })();
  return regions;
}

/** The ISO 639-1 languages, by name (183 of them, as the standard has). */
export function languageChoices(): readonly CodeChoice[] {
  languages ??= (() => {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return letterPairs(false)
      .map((code) => ({ code, name: names.of(code) }))
      .filter((choice): choice is CodeChoice => choice.name !== undefined && choice.name !== choice.code)
      .filter(({ code }) => Intl.getCanonicalLocales(code)[0] === code)
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  })();
  return languages;
}

/**
 * Languages with a region the service keeps separate translations for (its primary
 * translations), for people who want, say, Brazilian rather than European Portuguese.
 */
const REGIONAL_LANGUAGES = [
  'ar-SA', 'cs-CZ', 'da-DK', 'de-AT', 'de-CH', 'de-DE', 'el-GR', 'en-AU', 'en-CA', 'en-GB', 'en-US', 'es-ES', 'es-MX',
  'fi-FI', 'fr-CA', 'fr-FR', 'he-IL', 'hi-IN', 'hu-HU', 'id-ID', 'it-IT', 'ja-JP', 'ko-KR', 'nl-NL', 'no-NO', 'pl-PL',
  'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'sv-SE', 'th-TH', 'tr-TR', 'uk-UA', 'vi-VN', 'zh-CN', 'zh-HK', 'zh-TW',
] as const;

let contentLanguages: CodeChoice[] | undefined;

/** What the content language can be: every ISO 639-1 language, and the regional ones the service translates into. */
export function contentLanguageChoices(): readonly CodeChoice[] {
  contentLanguages ??= (() => {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    const regional = REGIONAL_LANGUAGES.map((code) => ({ code, name: names.of(code) ?? code }));
    return [...languageChoices(), ...regional].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
  })();
  return contentLanguages;
}

export function isLanguageCode(code: string): boolean {
  return languageChoices().some((choice) => choice.code === code);
}
