import type { Page } from '../../api/paging.js';
import { MAX_PAGE } from '../../contract/limits.js';
import type { MovieListItem } from '../../contract/index.js';
import type { PagedSource } from './queries.js';
import { patchSlice, type SliceContext } from '../slice.js';
import type { NavigationSlice } from './navigation.js';
import type { CatalogApi } from '../deps.js';

/** Multi search (E20: movies, series and people) or collection search (E11). */
export type SearchMode = 'multi' | 'collections';

export interface SearchSlice {
  /** What is in the search box. */
  readonly query: string;
  readonly mode: SearchMode;
  /** The query whose results are shown; undefined before the first search. */
  readonly submitted?: string;
  setQuery(query: string): void;
  /** Switches between multi and collection search (the results shown are of what was submitted). */
  setMode(mode: SearchMode): void;
  /** Searches for the query in the box, in the current mode; an empty box clears the results. */
  submit(): void;
}

/** At most this many pages of multi search are read to find the next movie, so a query that matches only people ends. */
const PAGES_PER_STEP = 5;

/**
 * Multi search narrowed to movies, as pages of movies. A page of the service may hold no movie
 * at all (only people and series), and an empty page would end the list, so each page here
 * reads on until it has a movie or the results run out. The service's total counts every kind,
 * so none is claimed (0): the list shows how many movies it has loaded.
 */
export function moviesMatching(query: string): PagedSource<MovieListItem> {
  let nextServicePage = 1;
  let lastServicePage = 1;
  const loadPage = async (client: CatalogApi, page: number): Promise<Page<MovieListItem>> => {
    if (page === 1) {
      nextServicePage = 1;
      lastServicePage = 1;
    }
    const movies: MovieListItem[] = [];
    for (let read = 0; read < PAGES_PER_STEP && movies.length === 0 && nextServicePage <= lastServicePage; read++) {
      const answer = await client.call('searchMulti', { query: { query, page: nextServicePage } });
      nextServicePage++;
      lastServicePage = Math.min(MAX_PAGE, answer.total_pages ?? nextServicePage - 1);
      for (const item of answer.results) if (item.media_type === 'movie') movies.push(item);
    }
    const more = movies.length > 0 && nextServicePage <= lastServicePage;
    return { page, results: movies, total_pages: more ? page + 1 : page, total_results: 0 };
  };
  return { key: `movies matching ${JSON.stringify(query)}`, reads: { op: 'searchMulti', params: { query } }, loadPage };
}

/** The parts of the store this slice uses. */
type SearchStore = { readonly search: SearchSlice; readonly nav: NavigationSlice };

export function createSearchSlice({ set, get }: SliceContext<SearchStore>): SearchSlice {
  return {
    query: '',
    mode: 'multi',
    setQuery(query) {
      patchSlice(set, 'search', (s) => (s.query === query ? {} : { query }));
    },
    setMode(mode) {
      patchSlice(set, 'search', (s) => (s.mode === mode ? {} : { mode }));
      get().nav.setRootParams('search', { mode });
    },
    submit() {
      const query = get().search.query.trim();
      patchSlice(set, 'search', { submitted: query === '' ? undefined : query });
    },
  };
}
