/**
 * The service's fixed vocabularies and addresses that screens and parameter specs need without
 * any schema: kept apart from schemas/ so that reading them does not build (or load) zod.
 * The schema modules re-export them where they were first declared.
 */

/** The sources GET /3/find/{external_id} reads an id from (the official OpenAPI's enum). */
export const EXTERNAL_SOURCES = [
  'imdb_id', 'facebook_id', 'instagram_id', 'tvdb_id', 'tiktok_id', 'twitter_id', 'wikidata_id', 'youtube_id',
] as const;
export type ExternalSource = (typeof EXTERNAL_SOURCES)[number];

/** The kinds of offer, in the order a screen shows them. */
export const OFFER_KINDS = ['flatrate', 'free', 'ads', 'rent', 'buy'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The names of the service's types of episode group. */
export const EPISODE_GROUP_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Original air date',
  2: 'Absolute',
  3: 'DVD',
  4: 'Digital',
  5: 'Story arc',
  6: 'Production',
  7: 'TV',
};

/** The service's types of release (a film's release dates by country). */
export const RELEASE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Premiere',
  2: 'Limited theatrical',
  3: 'Theatrical',
  4: 'Digital',
  5: 'Physical',
  6: 'TV',
};

/** Where a video can be watched, for the sites whose addresses are known. */
export function videoAddress(site: string | null | undefined, key: string): string | undefined {
  if (site === 'YouTube') return `https://www.youtube.com/watch?v=${encodeURIComponent(key)}`;
  if (site === 'Vimeo') return `https://vimeo.com/${encodeURIComponent(key)}`;
  return undefined;
}
