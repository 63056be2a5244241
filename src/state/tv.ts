import type { TvDetails, TvListItem } from '../contract/index.js';
import type { SliceContext } from './types.js';

export const TV_POPULAR = 'tv:popular';
export const seriesKey = (id: number) => `tv:${id}`;

export type { TvDetails, TvListItem };

export interface TvSlice {
  /** E18 */
  loadPopular(force?: boolean): Promise<void>;
  loadDetails(id: number, force?: boolean): Promise<void>;
}

export function createTvSlice({ get }: SliceContext): TvSlice {
  return {
    loadPopular(force = false) {
      return get().data.fetchPaged(
        TV_POPULAR,
        (client, page) => client.call('popularTv', { query: { page } }),
        { force },
      );
    },
    loadDetails(id, force = false) {
      return get().data.fetchResource(
        seriesKey(id),
        (client) => client.call('tvDetails', { path: { series_id: id } }),
        { force },
      );
    },
  };
}
