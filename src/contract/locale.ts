/**
 * The service's language and region parameters: a content language is an ISO 639-1 code with an
 * optional ISO 3166-1 region ("de", "de-DE", "pt-BR"); a region is an ISO 3166-1 code ("DE").
 * Codes are checked against the names Intl knows, so a typo is refused rather than sent.
 */

/** The language the service answers in when none is asked for. */
export const SERVICE_LANGUAGE = 'en-US';

export type CodeOutcome = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly problem: string };

let languageNames: Intl.DisplayNames | undefined;
let regionNames: Intl.DisplayNames | undefined;

/** A two-letter code Intl names as a language and does not spell another way (iw is he). */
function knownLanguage(code: string): boolean {
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const name = languageNames.of(code);
  return name !== undefined && name !== code && Intl.getCanonicalLocales(code)[0] === code;
}

function knownRegion(code: string): boolean {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code) !== undefined;
}

/** "DE" from "de" or " DE "; a problem for anything that is not a region code Intl knows. */
export function parseRegionCode(text: string): CodeOutcome {
  const code = text.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && knownRegion(code)) return { ok: true, code };
  return { ok: false, problem: `"${text}" is not an ISO 3166-1 region code such as DE, US or BR` };
}

/**
 * "de-DE" from "de-de", "DE_de" or "de-DE"; "fr" from "FR". The language must be ISO 639-1
 * (two letters) and the region, when given, ISO 3166-1, as the service reads them.
 */
export function parseContentLanguage(text: string): CodeOutcome {
  const problem = `"${text}" is not a language code such as de, fr, ja or pt-BR (ISO 639-1, optionally with an ISO 3166-1 region)`;
  const match = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2}))?$/.exec(text.trim());
  if (!match) return { ok: false, problem };
  const language = match[1]!.toLowerCase();
  if (!knownLanguage(language)) return { ok: false, problem };
  if (match[2] === undefined) return { ok: true, code: language };
  const region = parseRegionCode(match[2]);
  return region.ok ? { ok: true, code: `${language}-${region.code}` } : { ok: false, problem };
}

/** "de" of "de-DE": the part images are tagged with. */
export function languageOnly(language: string): string {
  return language.split('-')[0]!.toLowerCase();
}

export function isEnglish(language: string): boolean {
  return languageOnly(language) === 'en';
}

/**
 * `include_image_language` for a content language: its images and untagged ones ("null"), as
 * the service needs to be told, or a poster with no text on it would be left out.
 */
export function imageLanguagesFor(language: string): string {
  return `${languageOnly(language)},null`;
}

/**
 * The region of a POSIX locale name: "de_DE.UTF-8" and "pt_BR@euro" give "DE" and "BR"; "C",
 * "POSIX" and "en" name none.
 */
export function localeRegion(locale: string | undefined): string | undefined {
  const match = /^[A-Za-z]{2,3}[_-]([A-Za-z]{2})(?:[.@]|$)/.exec(locale?.trim() ?? '');
  return match ? match[1]!.toUpperCase() : undefined;
}
