import { createStore } from 'zustand/vanilla';
import { createCertificationsSlice } from './slices/certifications.js';
import { createConnectionSlice } from './slices/connection.js';
import { createBrowserSlice } from './slices/browser.js';
import { createListsSlice } from './slices/lists.js';
import { createMarksSlice } from './slices/marks.js';
import { createMoviesSlice } from './slices/movies.js';
import { createNavigationSlice } from './slices/navigation/slice.js';
import { createNotificationsSlice } from './slices/notifications.js';
import { createRatingsSlice } from './slices/ratings.js';
import { createQueriesSlice } from './slices/queries.js';
import { createSearchSlice } from './slices/search.js';
import { createSessionSlice } from './slices/session.js';
import { createTerminalSlice } from './slices/terminal.js';
import { createPicturesSlice } from './slices/pictures.js';
import { createTransfersSlice } from './slices/transfers.js';
import { createSettingsSlice } from './slices/settings.js';
import { createWatchSlice } from './slices/watch-region.js';
import type { AppState, AppStore, Runtime, StoreDeps } from './types.js';

/**
 * The application store: one zustand vanilla store made of slices, each under its own key
 * (state.session, state.nav, ...). Components read it through selectors; actions live on the
 * slices and call the catalog client.
 */
export function createAppStore(deps: StoreDeps): AppStore {
  const runtime: Runtime = { deps, client: undefined, target: undefined, credentials: undefined };
  const store = createStore<AppState>()((set, get) => {
    const context = { set, get, runtime };
    return {
      terminal: createTerminalSlice(context),
      notifications: createNotificationsSlice(context),
      nav: createNavigationSlice(context),
      connection: createConnectionSlice(context),
      session: createSessionSlice(context),
      queries: createQueriesSlice(context),
      browser: createBrowserSlice(context),
      movies: createMoviesSlice(context),
      search: createSearchSlice(context),
      lists: createListsSlice(context),
      certifications: createCertificationsSlice(context),
      ratings: createRatingsSlice(context),
      marks: createMarksSlice(context),
      watch: createWatchSlice(context),
      transfers: createTransfersSlice(context),
      settings: createSettingsSlice(context),
      pictures: createPicturesSlice(context),
    };
  });
  // Ratings and account reads belong to a session: when who is signed in changes, the ones known so far go.
  store.subscribe((state, previous) => {
    if (state.session.current === previous.session.current) return;
    state.queries.sessionChanged();
    state.ratings.sessionChanged();
    state.marks.sessionChanged();
  });
  return store;
}
