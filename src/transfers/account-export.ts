import pLimit from 'p-limit';
import type { ImportClient } from './client.js';
import { MAX_PAGE } from '../contract/limits.js';
import { MARQUEE_FORMAT, MARQUEE_FORMAT_VERSION, type MarqueeExport, marqueeExport } from './marquee-format.js';
import { yearOfDate } from './lookup.js';
import { ratedAtPicker, type DatedRating } from '../storage/rating-dates.js';

/**
 * Reads everything the signed-in account holds, page by page (never past MAX_PAGE), into
 * Marquee's own format. The service's listings give TMDB ids; IMDb ids are written where the
 * listing carries one and null otherwise (a round trip matches by the TMDB id).
 */

interface Paged<T> {
  results?: readonly T[] | null;
  total_pages?: number | null;
}

/** Every page of one listing, in order; an empty page ends it whatever total_pages says. */
export async function allPages<T>(load: (page: number) => Promise<Paged<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGE; page++) {
    const answer = await load(page);
    const results = answer.results ?? [];
    out.push(...results);
    if (results.length === 0 || page >= Math.min(MAX_PAGE, answer.total_pages ?? MAX_PAGE)) break;
  }
  return out;
}

const imdbOf = (item: object): string | null => {
  const value = (item as { imdb_id?: unknown }).imdb_id;
  return typeof value === 'string' && /^tt\d{7,}$/.test(value) ? value : null;
};
/** Ratings on the service's scale, as the format keeps them (steps of 0.5). */
const ratingOf = (value: number) => Math.min(10, Math.max(0.5, Math.round(value * 2) / 2));

export interface ExportProgress {
  (what: string): void;
}

export interface ExportOptions {
  progress?: ExportProgress;
  /**
   * Look up each title's IMDb id (one request per title the listings name without one). On by
   * default: an export is read by other services, which match by IMDb id.
   */
  imdbIds?: boolean;
  /**
   * The record of rating dates (storage/rating-dates.ts): the date of a rating the service's
   * listing gives none for (version 3 gives none), as the Stats view dates it.
   */
  recorded?: readonly DatedRating[];
}

/** How many id lookups are in flight at once; the client's rate limit paces them further. */
const ID_LOOKUPS_AT_ONCE = 4;

export async function exportAccount(
  client: ImportClient,
  accountId: number,
  now: Date,
  { progress = () => {}, imdbIds = true, recorded = [] }: ExportOptions = {},
): Promise<MarqueeExport> {
  const account = { path: { account_id: accountId } };
  const byCreated = (page: number) => ({ ...account, query: { page, sort_by: 'created_at.asc' } });
  const movie = (m: { id: number; title?: string | null; release_date?: string | null }) => ({
    media_type: 'movie' as const, tmdb_id: m.id, imdb_id: imdbOf(m), title: m.title ?? '', year: yearOfDate(m.release_date) ?? null,
  });
  const series = (s: { id: number; name?: string | null; first_air_date?: string | null }) => ({
    media_type: 'tv' as const, tmdb_id: s.id, imdb_id: imdbOf(s), title: s.name ?? '', year: yearOfDate(s.first_air_date) ?? null,
  });

  progress('rated films');
  const ratedMovies = await allPages((page) => client.call('accountRatedMovies', byCreated(page)));
  progress('rated series');
  const ratedSeries = await allPages((page) => client.call('accountRatedSeries', byCreated(page)));
  progress('rated episodes');
  const ratedEpisodes = await allPages((page) => client.call('accountRatedEpisodes', byCreated(page)));
  // An episode names its series by id only: each series is read once for its title and year.
  const seriesOf = new Map<number, { tmdb_id: number; imdb_id: string | null; title: string; year: number | null }>();
  for (const episode of ratedEpisodes) {
    const id = episode.show_id;
    if (id === undefined || id === null || seriesOf.has(id)) continue;
    const found = await client.call('tvDetails', { path: { series_id: id } });
    seriesOf.set(id, { tmdb_id: id, imdb_id: imdbOf(found), title: found.name ?? '', year: yearOfDate(found.first_air_date) ?? null });
  }
  progress('watchlist');
  const watchMovies = await allPages((page) => client.call('watchlistMovies', byCreated(page)));
  const watchSeries = await allPages((page) => client.call('watchlistSeries', byCreated(page)));
  progress('favourites');
  const favMovies = await allPages((page) => client.call('favoriteMovies', byCreated(page)));
  const favSeries = await allPages((page) => client.call('favoriteSeries', byCreated(page)));
  progress('lists');
  const summaries = await allPages((page) => client.call('accountLists', { ...account, query: { page } }));
  const lists: MarqueeExport['lists'] = [];
  for (const summary of summaries) {
    const items = await allPages(async (page) => {
      const detail = await client.call('listDetails', { path: { list_id: summary.id }, query: { page } });
      return { results: detail.items ?? [], total_pages: detail.total_pages ?? 1 };
    });
    lists.push({
      name: summary.name || `list ${summary.id}`,
      description: summary.description ?? '',
      // A list holds films and series alike; an item without a media_type is a film (older answers).
      items: items.map((item) => {
        const entry = item as { id: number; media_type?: string | null; title?: string | null; name?: string | null; release_date?: string | null; first_air_date?: string | null };
        return { ...(entry.media_type === 'tv' ? series(entry) : movie(entry)), added_at: null };
      }),
    });
  }

  const ratedAt = ratedAtPicker(recorded);
  const data: MarqueeExport = {
    format: MARQUEE_FORMAT,
    version: MARQUEE_FORMAT_VERSION,
    exported_at: now.toISOString(),
    ratings: [
      ...ratedMovies.map((m) => ({ ...movie(m), rating: ratingOf(m.rating ?? 0), rated_at: ratedAt(m, { kind: 'movie', id: m.id }, m.rating ?? 0) })),
      ...ratedSeries.map((s) => ({ ...series(s), rating: ratingOf(s.rating ?? 0), rated_at: ratedAt(s, { kind: 'tv', id: s.id }, s.rating ?? 0) })),
      ...ratedEpisodes.flatMap((e) => {
        const of = e.show_id === undefined || e.show_id === null ? undefined : seriesOf.get(e.show_id);
        if (!of) return [];
        return [{
          media_type: 'episode' as const,
          series: of,
          season_number: e.season_number,
          episode_number: e.episode_number,
          tmdb_id: e.id > 0 ? e.id : null,
          imdb_id: imdbOf(e),
          title: e.name ?? '',
          rating: ratingOf(e.rating ?? 0),
          rated_at: ratedAt(e, { kind: 'episode', id: of.tmdb_id, season: e.season_number, episode: e.episode_number }, e.rating ?? 0),
        }];
      }),
    ],
    watchlist: [...watchMovies.map(movie), ...watchSeries.map(series)].map((t) => ({ ...t, added_at: null })),
    favorites: [...favMovies.map(movie), ...favSeries.map(series)].map((t) => ({ ...t, added_at: null })),
    lists,
  };
  if (imdbIds) await fillImdbIds(client, data, progress);
  // What is written is what a reader accepts: checked against the format before it is saved.
  return marqueeExport.parse(data);
}

type Titled = { media_type: 'movie' | 'tv'; tmdb_id: number; imdb_id: string | null };
type RatedEpisode = Extract<MarqueeExport['ratings'][number], { media_type: 'episode' }>;

/** Fills in the IMDb id of every title and episode the listings named without one, each looked up once. */
async function fillImdbIds(client: ImportClient, data: MarqueeExport, progress: ExportProgress): Promise<void> {
  const titles: Titled[] = [...data.watchlist, ...data.favorites, ...data.lists.flatMap((list) => list.items)];
  const episodes: RatedEpisode[] = [];
  for (const rating of data.ratings) {
    if (rating.media_type === 'episode') episodes.push(rating);
    else titles.push(rating);
  }
  const titleKey = (mediaType: 'movie' | 'tv', id: number) => `${mediaType}:${id}`;
  const episodeKey = (e: RatedEpisode) => `episode:${e.series.tmdb_id}:${e.season_number}:${e.episode_number}`;

  const lookups = new Map<string, () => Promise<{ imdb_id?: string | null }>>();
  for (const { media_type: mediaType, tmdb_id: id, imdb_id: known } of [...titles, ...episodes.map((e) => ({ media_type: 'tv' as const, ...e.series }))]) {
    if (known !== null) continue;
    lookups.set(titleKey(mediaType, id), () => mediaType === 'movie'
      ? client.call('movieExternalIds', { path: { movie_id: id } })
      : client.call('tvExternalIds', { path: { series_id: id } }));
  }
  for (const episode of episodes) {
    if (episode.imdb_id !== null) continue;
    const path = { series_id: episode.series.tmdb_id, season_number: episode.season_number, episode_number: episode.episode_number };
    lookups.set(episodeKey(episode), () => client.call('episodeExternalIds', { path }));
  }
  if (lookups.size === 0) return;
  progress(`IMDb ids of ${lookups.size} ${lookups.size === 1 ? 'title' : 'titles'}`);
  const limit = pLimit(ID_LOOKUPS_AT_ONCE);
  const found = new Map(await Promise.all([...lookups].map(([key, load]) => limit(async () => [key, imdbOf(await load())] as const))));

  for (const title of titles) title.imdb_id ??= found.get(titleKey(title.media_type, title.tmdb_id)) ?? null;
  for (const episode of episodes) {
    episode.series.imdb_id ??= found.get(titleKey('tv', episode.series.tmdb_id)) ?? null;
    episode.imdb_id ??= found.get(episodeKey(episode)) ?? null;
  }
}
