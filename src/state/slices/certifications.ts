import type { CertificationEntry, Certifications } from '../../contract/index.js';
import { foldForMatch, regionName, regionSearchNames } from '../words/regions.js';
import { describeFailure } from '../words/failures.js';
import type { NotificationsSlice } from './notifications.js';
import { patchSlice, type SliceContext } from '../slice.js';

export type { CertificationEntry, Certifications };

export type CertificationKind = 'tv' | 'movie';

export interface CountryCertifications {
  readonly code: string;
  readonly name: string;
  /** Sorted by the service's `order`: the mildest first. */
  readonly certifications: readonly CertificationEntry[];
}

export interface CertificationsSlice {
  /** TV (E21) or movie certifications: the last used (kept in the settings file for later runs), else movies. */
  readonly kind: CertificationKind;
  /** What is typed in the country filter (a code, part of a name, or a common name such as "uk"). */
  readonly filter: string;
  /**
   * The highlighted country's code, kept across movies/TV, a filter and its clearing, and
   * leaving the tab; undefined until one is chosen, when the user's region is.
   */
  readonly country: string | undefined;
  setKind(kind: CertificationKind): void;
  setFilter(filter: string): void;
  setCountry(code: string): void;
}

/** The countries of an answer, sorted by name, each with its certifications in order. */
export function countriesOf(answer: Certifications): CountryCertifications[] {
  return Object.entries(answer.certifications ?? {})
    .map(([code, list]) => ({
      code,
      name: regionName(code),
      certifications: [...(list ?? [])].sort(
        (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.certification.localeCompare(b.certification),
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
}

/**
 * How well a country matches what was typed (already folded), best first; undefined for no
 * match. The code or a common name typed exactly wins ("DE" is Germany before Denmark, "uk" is
 * the United Kingdom before Ukraine), then names that start with it ("ger", "holl"), then a
 * later word of a name ("que" finds Canada (Quebec)), then codes that start with it, then the
 * text anywhere in a name. Names are the English one, common ones and the country's own.
 */
function matchRank(country: CountryCertifications, typed: string): number | undefined {
  const code = country.code.toLowerCase();
  const others = regionSearchNames(country.code).map(foldForMatch);
  const names = [foldForMatch(country.name), ...others];
  if (code === typed || others.includes(typed)) return 0;
  if (names.some((name) => name.startsWith(typed))) return 1;
  if (names.some((name) => name.split(/[\s().,-]+/).some((word) => word.startsWith(typed)))) return 2;
  if (code.startsWith(typed)) return 3;
  if (names.some((name) => name.includes(typed))) return 4;
  return undefined;
}

/**
 * The countries that match `filter`, best matches first (in name order within each kind of
 * match). Case and accents do not matter: "quebec" finds "Québec", "QUÉBEC" finds "Quebec".
 */
export function filterCountries(countries: readonly CountryCertifications[], filter: string): CountryCertifications[] {
  const typed = foldForMatch(filter.trim());
  if (!typed) return [...countries];
  return countries
    .map((country, position) => ({ country, position, rank: matchRank(country, typed) }))
    .filter((m): m is typeof m & { rank: number } => m.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map((m) => m.country);
}

/** The operation that lists the certifications of a kind. */
export const CERTIFICATIONS_OF = { tv: 'tvCertifications', movie: 'movieCertifications' } as const;

/** The parts of the store this slice uses. */
type CertificationsStore = { readonly certifications: CertificationsSlice; readonly notifications: NotificationsSlice };

export function createCertificationsSlice({ set, get, runtime }: SliceContext<CertificationsStore>): CertificationsSlice {
  const storage = runtime.deps.preferences;
  /** The kind last used in an earlier run; movies when none was kept (or the file cannot be read). */
  const keptKind = (): CertificationKind => {
    try {
      return storage?.load().certificationsKind ?? 'movie';
    } catch {
      return 'movie';
    }
  };
  /** Keeps the kind for the next run; a file that cannot be written costs only that, and says so. */
  const keepKind = (kind: CertificationKind) => {
    if (!storage) return;
    try {
      const kept = storage.load();
      if (kept.certificationsKind !== kind) storage.save({ ...kept, certificationsKind: kind });
    } catch (error) {
      get().notifications.notify(`${kind === 'tv' ? 'TV' : 'Movie'} certifications are shown, but could not be kept for the next run in ${storage.file}: ${describeFailure(error).message}`, 'warning');
    }
  };
  return {
    kind: keptKind(),
    filter: '',
    country: undefined,
    setKind(kind) {
      if (get().certifications.kind === kind) return;
      patchSlice(set, 'certifications', { kind });
      keepKind(kind);
    },
    setFilter(filter) {
      patchSlice(set, 'certifications', (c) => (c.filter === filter ? {} : { filter }));
    },
    setCountry(country) {
      patchSlice(set, 'certifications', (c) => (c.country === country ? {} : { country }));
    },
  };
}

/**
 * The chosen country (the tab's highlighted one, the one its country page shows): kept once, in
 * the slice, so moving between countries on the page is the tab's highlight when Esc goes back.
 * Before any is chosen, the user's region.
 */
export function chosenCountry(state: { readonly certifications: Pick<CertificationsSlice, 'country'>; readonly settings: { readonly region: { readonly value: string } } }): string {
  return state.certifications.country ?? state.settings.region.value.toUpperCase();
}

/**
 * Where the highlighted country is in a list of countries: the chosen one, else (none chosen
 * yet) the user's region; the first row when the list does not have it (a filter that leaves
 * it out, or a country with certifications of the other kind only).
 */
export function countryIndex(countries: readonly CountryCertifications[], chosen: string | undefined, region: string): number {
  const code = (chosen ?? region).toUpperCase();
  return Math.max(0, countries.findIndex((c) => c.code === code));
}
