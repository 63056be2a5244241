import { COUNTRIES, JOBS, LANGUAGES, PRIMARY_TRANSLATIONS, TIMEZONES } from './reference-facts.js';

/**
 * The configuration lists as the real service answers them (reference-facts.ts holds its
 * lists). Countries are named in the language asked for, by Intl, as the watch-provider
 * regions are; in English they keep the service's own spelling ("Antigua & Barbuda").
 */

const ENGLISH = /^en(?:-[A-Za-z]{2})?$/;

/** A display-name reader for `language`, or undefined for one Intl cannot name countries in. */
function regionNamesIn(language: string): Intl.DisplayNames | undefined {
  try {
    return Intl.DisplayNames.supportedLocalesOf([language]).length > 0 ? new Intl.DisplayNames([language], { type: 'region' }) : undefined;
  } catch {
    return undefined;
  }
}

export function countries(language: string) {
  const names = ENGLISH.test(language) ? undefined : regionNamesIn(language);
  return COUNTRIES.map(([code, englishName, nativeName]) => {
    let native = nativeName;
    try {
      // Codes the service still keeps (AN, the Netherlands Antilles) may be unknown to Intl.
      native = names?.of(code) ?? nativeName;
    } catch {
      // A code Intl refuses keeps the service's name.
    }
    return { iso_3166_1: code, english_name: englishName, native_name: native };
  });
}

export const languages = () => LANGUAGES.map(([code, englishName, name]) => ({ iso_639_1: code, english_name: englishName, name }));

export const jobs = () => JOBS.map(([department, list]) => ({ department, jobs: [...list] }));

export const timezones = () => TIMEZONES.map(([country, zones]) => ({ iso_3166_1: country, zones: [...zones] }));

export const primaryTranslations = () => [...PRIMARY_TRANSLATIONS];
