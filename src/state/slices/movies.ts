import { patchSlice, type SliceContext } from '../slice.js';
import type { NavigationSlice } from './navigation.js';

/** The lists of the Movies tab; Latest (E1) is not a list but a movie, so it opens the movie screen. */
export type MovieSection = 'popular' | 'nowPlaying' | 'topRated' | 'upcoming';

/** Which list the Movies tab shows, and for Upcoming which region and language: kept across tab switches. */
export interface MoviesSlice {
  readonly section: MovieSection;
  /** ISO 3166-1 code for Upcoming; undefined asks for every region. */
  readonly upcomingRegion?: string;
  /** Language of the Upcoming answers (ISO 639-1, optionally with a region: "en-US"); undefined: the content language. */
  readonly upcomingLanguage?: string;
  setSection(section: MovieSection): void;
  setUpcomingRegion(region: string | undefined): void;
  setUpcomingLanguage(language: string): void;
}

/** The parts of the store this slice uses. */
type MoviesStore = { readonly movies: MoviesSlice; readonly nav: NavigationSlice };

export function createMoviesSlice({ set, get }: SliceContext<MoviesStore>): MoviesSlice {
  return {
    section: 'popular',
    setSection(section) {
      patchSlice(set, 'movies', (m) => (m.section === section ? {} : { section }));
      get().nav.setRootParams('movies', { section });
    },
    setUpcomingRegion(region) {
      patchSlice(set, 'movies', (m) => (m.upcomingRegion === region ? {} : { upcomingRegion: region }));
    },
    setUpcomingLanguage(language) {
      patchSlice(set, 'movies', (m) => (m.upcomingLanguage === language ? {} : { upcomingLanguage: language }));
    },
  };
}
