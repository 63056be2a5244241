import { ServiceError } from '../api/index.js';
import type { ImportClient } from './client.js';
import type { ResponseOf } from '../contract/index.js';

/** What find answers, as the client reads it (old answers may lack any of its lists). */
export type FoundIds = ResponseOf<'findByExternalId'>;
/** One multi-search result, as the client reads it. */
export type SearchItem = ResponseOf<'searchMulti'>['results'][number];

/**
 * What the matcher asks of the service. An interface, so tests can answer from a fake; the
 * real one goes through the client (below).
 */
export interface TitleLookup {
  /** A film or series by its TMDB id; undefined when the service has no such id. */
  title(mediaType: 'movie' | 'tv', id: number): Promise<FoundTitle | undefined>;
  /** Whether the series has that episode: its name, or undefined. */
  episode(seriesId: number, season: number, episode: number): Promise<{ name: string | undefined } | undefined>;
  /** GET /3/find/{external_id}?external_source=imdb_id */
  findImdbId(imdbId: string): Promise<FoundIds>;
  /** One page of the multi search. */
  search(query: string, page: number): Promise<{ results: readonly SearchItem[]; totalPages: number }>;
}

export interface FoundTitle {
  /** Undefined when the record gives none (an old record). */
  readonly title: string | undefined;
  /** The release (film) or first air (series) date's year. */
  readonly year: number | undefined;
}

/** The year of a service date ("2008-01-20"); undefined for "" or null. */
export function yearOfDate(date: string | null | undefined): number | undefined {
  const match = date ? /^(\d{4})-/.exec(date) : null;
  return match ? Number(match[1]) : undefined;
}

const notFound = (error: unknown) => error instanceof ServiceError && error.httpStatus === 404;

/** The lookup over our client: a 404 is "no such title", any other failure is thrown. */
export function clientLookup(client: ImportClient): TitleLookup {
  return {
    async title(mediaType, id) {
      try {
        if (mediaType === 'movie') {
          const movie = await client.call('movieDetails', { path: { movie_id: id } });
          return { title: movie.title ?? undefined, year: yearOfDate(movie.release_date) };
        }
        const series = await client.call('tvDetails', { path: { series_id: id } });
        return { title: series.name ?? undefined, year: yearOfDate(series.first_air_date) };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async episode(seriesId, season, episode) {
      try {
        const found = await client.call('episodeDetails', { path: { series_id: seriesId, season_number: season, episode_number: episode } });
        return { name: found.name ?? undefined };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async findImdbId(imdbId) {
      try {
        return await client.call('findByExternalId', { path: { external_id: imdbId }, query: { external_source: 'imdb_id' } });
      } catch (error) {
        // An id too long to be a path segment is refused with 404: it names nothing either way.
        if (notFound(error)) return { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] };
        throw error;
      }
    },
    async search(query, page) {
      const found = await client.call('searchMulti', { query: { query, page } });
      return { results: found.results, totalPages: found.total_pages ?? page };
    },
  };
}
