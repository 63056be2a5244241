import type { MovieListItem } from '../../../contract/index.js';
import { pagedOperationSource, type MovieSection, type PagedSource } from '../../../state/index.js';

/**
 * The Movies tab's sections: their titles and the read of each. Apart from the screen
 * (MoviesHome), so that the route table and the reads asked at start (first-reads.ts) need not
 * load it.
 */

export const SECTION_TITLES: Readonly<Record<MovieSection, string>> = {
  popular: 'Popular',
  nowPlaying: 'Now playing',
  topRated: 'Top rated',
  upcoming: 'Upcoming',
};

/** E14 and now playing say which release dates they cover (old answers may not, or only one end). */
export type Dated = { readonly results: readonly unknown[]; readonly dates?: { readonly minimum?: string | null; readonly maximum?: string | null } | null };

/** The paged read of a section, as it is chosen now. */
export function sectionSource(section: MovieSection, region: string | undefined, language: string | undefined): PagedSource<MovieListItem, Dated> {
  switch (section) {
    case 'popular':
      return pagedOperationSource('popularMovies', {});
    case 'nowPlaying':
      return pagedOperationSource('nowPlayingMovies', {});
    case 'topRated':
      return pagedOperationSource('topRatedMovies', {});
    case 'upcoming':
      // Without a language of its own, Upcoming is asked in the content language, like every read.
      return pagedOperationSource('upcomingMovies', { query: { ...(language ? { language } : {}), ...(region ? { region } : {}) } });
  }
}
