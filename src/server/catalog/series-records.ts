import { ladder, meansNotRated, TV_CERTIFICATIONS } from './certifications.js';
import { notRatedLabel } from './release-certifications.js';
import { imageSet } from './images.js';
import { LANGUAGE_COUNTRIES, RELEASE_REGIONS, furtherCountries } from './languages.js';
import { stream } from './random.js';
import type { SeasonPlan, SeriesCore } from './series-core.js';

/**
 * What the service keeps about a series beside its details: the names it goes by abroad, its
 * ratings per country, and the episodes screened in cinemas. Each is drawn per series from the
 * catalog's seed, so it never changes.
 */

/**
 * The series' alternative titles: exactly the other names search finds it by (core
 * `alternativeNames`), each with the country it is known there in.
 */
export function seriesAlternativeTitles(seed: number, core: SeriesCore) {
  const r = stream(seed, 'series-alternative-titles', core.id);
  const countries = [...(LANGUAGE_COUNTRIES[core.originalLanguage] ?? ['US']), ...RELEASE_REGIONS];
  return {
    id: core.id,
    results: core.alternativeNames.map((title) => ({ iso_3166_1: r.pick(countries), title, type: r.chance(0.2) ? 'working title' : '' })),
  };
}

/** Countries whose TV ratings a series may carry, besides its own country's. */
const RATING_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'BR', 'KR', 'NL', 'ES', 'IT', 'MX', 'SE', 'IN'] as const;

/**
 * The other countries with TV ratings: a series is rated in a few of them as well, so that every
 * country's ratings have series to list (Quebec, "CA-QC", is left to Canada's).
 */
const FURTHER_RATING_COUNTRIES = Object.keys(TV_CERTIFICATIONS).filter(
  (country) => !country.includes('-') && !(RATING_COUNTRIES as readonly string[]).includes(country),
);

/**
 * A series' content rating in each country that rated it: a real label of that country's TV
 * ratings (the list certification/tv/list answers), chosen so one series is about as strict
 * everywhere (a children's show is not adults-only in another country). A few carry the
 * country's label meaning "not rated" (NR, UR: meansNotRated) instead, as with the real service.
 */
export function seriesContentRatings(seed: number, core: SeriesCore) {
  const r = stream(seed, 'series-content-ratings', core.id);
  const strictness = r.next();
  const others = r.sample(RATING_COUNTRIES, r.int(1, 5));
  const moreOthers = furtherCountries(FURTHER_RATING_COUNTRIES, core.id, stream(seed, 'series-further-rating-countries', core.id));
  const countries = [...new Set([core.originCountry, ...others, ...moreOthers])].filter((country) => TV_CERTIFICATIONS[country]);
  const results = countries.flatMap((country) => {
    // Mildest first, so one strictness picks a like label in every country.
    const rows = ladder(TV_CERTIFICATIONS, country)!.filter((row) => !meansNotRated(row));
    if (rows.length === 0) return [];
    // A few are not rated in a country, as with the real service (a stream of its own: nothing else changes).
    const [rating] = notRatedLabel(seed, 'tv', core.id, country) ?? rows[Math.min(rows.length - 1, Math.floor(strictness * rows.length))]!;
    return [{ descriptors: [] as string[], iso_3166_1: country, rating }];
  });
  return { id: core.id, results };
}

/** The series' images: posters and backdrops (the first of each is the one its details name) and logos. */
export function seriesImages(seed: number, core: SeriesCore, hasPoster: boolean, hasBackdrop: boolean) {
  const r = stream(seed, 'series-image-counts', core.id);
  const language = core.originalLanguage;
  return {
    id: core.id,
    backdrops: hasBackdrop ? imageSet(seed, 'backdrop', 'tv', [core.id], r.int(1, 6), language) : [],
    logos: imageSet(seed, 'logo', 'tv', [core.id], r.int(0, 3), language),
    posters: hasPoster ? imageSet(seed, 'poster', 'tv', [core.id], r.int(1, 8), language) : [],
  };
}

/** A season's posters; the first is the one the season names (none when it has no poster). */
export function seasonPosters(seed: number, core: SeriesCore, season: SeasonPlan, seasonId: number, hasPoster: boolean) {
  const count = hasPoster ? stream(seed, 'season-image-count', core.id, season.number).int(1, 5) : 0;
  return { id: seasonId, posters: imageSet(seed, 'poster', 'season', [core.id, season.number], count, core.originalLanguage) };
}

/**
 * Episodes shown in cinemas: now and then a series' season finales (or a premiere) had a
 * theatrical screening. Only episodes that have aired.
 */
export function screenedEpisodes(seed: number, core: SeriesCore, aired: ReadonlyArray<readonly [SeasonPlan, number]>) {
  const r = stream(seed, 'series-screened', core.id);
  if (!r.chance(0.15)) return [];
  return aired.filter(([season, episode]) => season.number !== 0 && (episode === season.episodeCount || (episode === 1 && r.chance(0.3))));
}
