import type { MovieDetails, MovieListItem } from '../contract/index.js';
import type { SliceContext } from './types.js';

export const MOVIES_POPULAR = 'movies:popular';
export const movieKey = (id: number) => `movie:${id}`;

export type { MovieDetails, MovieListItem };

export interface MoviesSlice {
  loadPopular(force?: boolean): Promise<void>;
  loadDetails(id: number, force?: boolean): Promise<void>;
}

export function createMoviesSlice({ get }: SliceContext): MoviesSlice {
  return {
    loadPopular(force = false) {
      return get().data.fetchPaged(
        MOVIES_POPULAR,
        (client, page) => client.call('popularMovies', { query: { page } }),
        { force },
      );
    },
    loadDetails(id, force = false) {
      return get().data.fetchResource(
        movieKey(id),
        (client) => client.call('movieDetails', { path: { movie_id: id } }),
        { force },
      );
    },
  };
}
