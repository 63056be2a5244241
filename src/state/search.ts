import type { MultiSearchItem } from '../contract/index.js';
import { patchSlice, type SliceContext } from './types.js';

export const searchKey = (query: string) => `search:multi:${query}`;

export type { MultiSearchItem };

export interface SearchSlice {
  /** What is in the search box. */
  readonly query: string;
  /** The query whose results are shown; undefined before the first search. */
  readonly submitted?: string;
  setQuery(query: string): void;
  /** Runs multi search (E20) for the query in the box. */
  submit(): Promise<void>;
}

export function createSearchSlice({ set, get }: SliceContext): SearchSlice {
  return {
    query: '',
    setQuery(query) {
      patchSlice(set, 'search', (s) => (s.query === query ? {} : { query }));
    },
    async submit() {
      const query = get().search.query.trim();
      if (!query) return;
      patchSlice(set, 'search', { submitted: query });
      await get().data.fetchPaged(searchKey(query), (client, page) =>
        client.call('searchMulti', { query: { query, page } }),
      );
    },
  };
}
