import type { MovieSection } from '../../../state/index.js';
import type { ScreenDefinition } from '../registry.js';
import { CollectionScreen } from './CollectionScreen.js';
import { MoviesHome, SECTION_TITLES } from './MoviesHome.js';
import { MovieScreen } from './MovieScreen.js';

export const movieScreens: readonly ScreenDefinition[] = [
  // The section is kept in the root entry's parameters (see movies.setSection), so the breadcrumb names it.
  { id: 'movies.home', title: (params) => SECTION_TITLES[(params.section as MovieSection | undefined) ?? 'popular'] ?? 'Popular', component: MoviesHome },
  { id: 'movies.detail', title: (params) => String(params.title ?? 'Movie'), component: MovieScreen },
  { id: 'movies.collection', title: (params) => String(params.title ?? 'Collection'), component: CollectionScreen },
];
