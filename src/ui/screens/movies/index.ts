import type { ScreenDefinition } from '../registry.js';
import { MovieDetail } from './MovieDetail.js';
import { PopularMovies } from './PopularMovies.js';

export const movieScreens: readonly ScreenDefinition[] = [
  { id: 'movies.home', title: () => 'Popular', component: PopularMovies },
  { id: 'movies.detail', title: (params) => String(params.title ?? 'Movie'), component: MovieDetail },
];
