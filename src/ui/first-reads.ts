import { topEntry, type AppState, type PagedSource } from '../state/index.js';
import { sectionSource } from './screens/movies/sections.js';

/**
 * What the screen on top of the current tab reads first, for the store to ask with the
 * connection's own first requests (ConnectionSlice.start) rather than once the screen shows:
 * every start shows the Movies tab's first screen, and its list waits then for one answer, not
 * for the connection's answers and then its own. Other screens ask when they show.
 */
export function firstReadsOf(state: AppState): readonly PagedSource<unknown, unknown>[] {
  if (topEntry(state).screen !== 'movies.home') return [];
  const { section, upcomingRegion, upcomingLanguage } = state.movies;
  return [sectionSource(section, upcomingRegion, upcomingLanguage)];
}
