import type { ResponseOf } from '../../contract/index.js';
import { RELEASE_TYPE_NAMES } from '../../contract/vocabulary.js';
import { regionName } from '../words/regions.js';

/**
 * One title's certifications in every country that rated it: a film's from its release dates
 * (each release carries the label it was given there), a series' from its content ratings.
 */

export interface TitleRelease {
  /** 1 premiere ... 6 TV (RELEASE_TYPE_NAMES); undefined when an old record leaves it out. */
  readonly type: number | undefined;
  readonly typeName: string;
  /** "2021-03-12T00:00:00.000Z" as sent; "" when not given. */
  readonly date: string;
  readonly note: string;
  /** "" when this release was not rated. */
  readonly certification: string;
  readonly descriptors: readonly string[];
}

export interface TitleCountryCertification {
  readonly code: string;
  readonly name: string;
  /** The label that stands for the country ("" when no release there was rated). */
  readonly label: string;
  /** Why it was rated so, when the service says (often empty). */
  readonly descriptors: readonly string[];
  /** A film's releases in the country, in the service's order; none for a series. */
  readonly releases: readonly TitleRelease[];
}

/**
 * Which release's label speaks for a country: the cinema release first, as the service's own
 * pages do, then the limited one and the premiere, then home and TV releases.
 */
const LABEL_PREFERENCE = [3, 2, 1, 4, 5, 6];
const preference = (type: number | undefined) => {
  const at = LABEL_PREFERENCE.indexOf(type ?? -1);
  return at < 0 ? LABEL_PREFERENCE.length : at;
};

/** The user's region first, then by name (the code breaks ties). */
function regionFirst(region: string) {
  const own = region.toUpperCase();
  return (a: TitleCountryCertification, b: TitleCountryCertification) =>
    Number(b.code === own) - Number(a.code === own) || a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code);
}

const labelOf = (text: string | null | undefined) => (text ?? '').trim();

/** A film's certification in every country it was released in, the user's region first. */
export function movieCertificationsByCountry(answer: ResponseOf<'movieReleaseDates'>, region: string): TitleCountryCertification[] {
  return (answer.results ?? [])
    .filter((country) => Boolean(country.iso_3166_1))
    .map((country): TitleCountryCertification => {
      const code = country.iso_3166_1!.toUpperCase();
      const releases = (country.release_dates ?? []).map(
        (release): TitleRelease => ({
          type: release.type ?? undefined,
          typeName: (release.type != null ? RELEASE_TYPE_NAMES[release.type] : undefined) ?? 'Release',
          date: release.release_date ?? '',
          note: (release.note ?? '').trim(),
          certification: labelOf(release.certification),
          descriptors: (release.descriptors ?? []).filter(Boolean),
        }),
      );
      const speaking = releases.filter((r) => r.certification).sort((a, b) => preference(a.type) - preference(b.type))[0];
      return { code, name: regionName(code), label: speaking?.certification ?? '', descriptors: speaking?.descriptors ?? [], releases };
    })
    .sort(regionFirst(region));
}

/** A series' rating in every country that rated it, the user's region first. */
export function seriesCertificationsByCountry(answer: ResponseOf<'seriesContentRatings'>, region: string): TitleCountryCertification[] {
  return (answer.results ?? [])
    .filter((rating) => Boolean(rating.iso_3166_1))
    .map((rating): TitleCountryCertification => {
      const code = rating.iso_3166_1!.toUpperCase();
      return { code, name: regionName(code), label: labelOf(rating.rating), descriptors: (rating.descriptors ?? []).filter(Boolean), releases: [] };
    })
    .sort(regionFirst(region));
}

/** The title's label in `region`, or undefined when it was not rated there. */
export function certificationIn(countries: readonly TitleCountryCertification[], region: string): string | undefined {
  const own = region.toUpperCase();
  return countries.find((country) => country.code === own && country.label)?.label;
}
