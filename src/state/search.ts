import { MAX_PAGE } from '../api/paging.js';
import type {
  CollectionSearchItem,
  MovieListItem,
  MultiSearchItem,
  PersonDetails,
  PersonImages,
  TaggedImage,
} from '../contract/index.js';
import type { PagedEnvelope, PageLoader } from './data.js';
import { MOVIES_POPULAR, setRootParams } from './movies.js';
import { patchSlice, type CatalogApi, type SliceContext } from './types.js';

export type { CollectionSearchItem, MultiSearchItem, PersonDetails, PersonImages, TaggedImage };

/** Multi search (E20: movies, series and people) or collection search (E11). */
export type SearchMode = 'multi' | 'collections';

export const searchKey = (query: string) => `search:multi:${query}`;
export const collectionSearchKey = (query: string) => `search:collections:${query}`;
/** Movies only, for adding to a list; the popular list stands in for an empty query. */
export const movieSearchKey = (query: string) => (query ? `search:movies:${query}` : MOVIES_POPULAR);
export const personKey = (id: number) => `person:${id}`;
export const personImagesKey = (id: number) => `person:${id}:images`;
export const personTaggedImagesKey = (id: number) => `person:${id}:tagged`;

export interface SearchSlice {
  /** What is in the search box. */
  readonly query: string;
  readonly mode: SearchMode;
  /** The query whose results are shown; undefined before the first search. */
  readonly submitted?: string;
  setQuery(query: string): void;
  /** Switches between multi and collection search, and searches again for what was submitted. */
  setMode(mode: SearchMode): Promise<void>;
  /** Runs the search of the current mode for the query in the box. */
  submit(): Promise<void>;
  /** Movies whose title matches `query` (E20 keeping only movies); popular movies when it is empty. */
  findMovies(query: string): Promise<void>;
  loadPerson(id: number, force?: boolean): Promise<void>;
  /** E13 */
  loadPersonImages(id: number, force?: boolean): Promise<void>;
  /** E8 (deprecated by the service), paged */
  loadTaggedImages(id: number, force?: boolean): Promise<void>;
}

/** The data key of the results shown for `query` in `mode`. */
export function resultsKey(mode: SearchMode, query: string): string {
  return mode === 'multi' ? searchKey(query) : collectionSearchKey(query);
}

/** At most this many pages of multi search are read to find the next movie, so a query that matches only people ends. */
const PAGES_PER_STEP = 5;

/**
 * Multi search narrowed to movies, as pages of movies. A page of the service may hold no movie
 * at all (only people and series), and an empty page would end the list, so each page here
 * reads on until it has a movie or the results run out. The service's total counts every kind,
 * so none is claimed (0): the list shows how many movies it has loaded.
 */
export function moviesOnly(query: string): PageLoader<MovieListItem> {
  let nextServicePage = 1;
  let lastServicePage = 1;
  return async (client: CatalogApi, page: number): Promise<PagedEnvelope<MovieListItem>> => {
    if (page === 1) {
      nextServicePage = 1;
      lastServicePage = 1;
    }
    const movies: MovieListItem[] = [];
    for (let read = 0; read < PAGES_PER_STEP && movies.length === 0 && nextServicePage <= lastServicePage; read++) {
      const answer = await client.call('searchMulti', { query: { query, page: nextServicePage } });
      nextServicePage++;
      lastServicePage = Math.min(MAX_PAGE, answer.total_pages);
      for (const item of answer.results) if (item.media_type === 'movie') movies.push(item);
    }
    const more = movies.length > 0 && nextServicePage <= lastServicePage;
    return { page, results: movies, total_pages: more ? page + 1 : page, total_results: 0 };
  };
}

export function createSearchSlice({ set, get }: SliceContext): SearchSlice {
  const run = (mode: SearchMode, query: string) => {
    const { data } = get();
    if (mode === 'multi') {
      return data.fetchPaged(searchKey(query), (client, page) => client.call('searchMulti', { query: { query, page } }));
    }
    return data.fetchPaged(collectionSearchKey(query), (client, page) =>
      client.call('searchCollections', { query: { query, page } }),
    );
  };

  return {
    query: '',
    mode: 'multi',
    setQuery(query) {
      patchSlice(set, 'search', (s) => (s.query === query ? {} : { query }));
    },
    async setMode(mode) {
      patchSlice(set, 'search', (s) => (s.mode === mode ? {} : { mode }));
      setRootParams(set, 'search', { mode });
      const submitted = get().search.submitted;
      if (submitted) await run(mode, submitted);
    },
    async submit() {
      const query = get().search.query.trim();
      if (!query) return;
      patchSlice(set, 'search', { submitted: query });
      await run(get().search.mode, query);
    },
    findMovies(query) {
      const text = query.trim();
      if (!text) return get().movies.loadPopular();
      return get().data.fetchPaged(movieSearchKey(text), moviesOnly(text));
    },
    loadPerson(id, force = false) {
      return get().data.fetchResource(
        personKey(id),
        (client) => client.call('personDetails', { path: { person_id: id } }),
        { force },
      );
    },
    loadPersonImages(id, force = false) {
      return get().data.fetchResource(
        personImagesKey(id),
        (client) => client.call('personImages', { path: { person_id: id } }),
        { force },
      );
    },
    loadTaggedImages(id, force = false) {
      return get().data.fetchPaged<TaggedImage>(
        personTaggedImagesKey(id),
        (client, page) => client.call('personTaggedImages', { path: { person_id: id }, query: { page } }),
        { force },
      );
    },
  };
}
