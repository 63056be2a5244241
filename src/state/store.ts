import { createStore } from 'zustand/vanilla';
import { createCertificationsSlice } from './certifications.js';
import { createConnectionSlice } from './connection.js';
import { createBrowserSlice } from './browser.js';
import { createListsSlice } from './lists.js';
import { createMarksSlice } from './marks.js';
import { createMoviesSlice } from './movies.js';
import { createNavigationSlice } from './navigation/slice.js';
import { createNotificationsSlice } from './notifications.js';
import { createRatingsSlice } from './ratings.js';
import { createQueriesSlice } from './queries.js';
import { createSearchSlice } from './search.js';
import { createSessionSlice } from './session.js';
import { createTerminalSlice } from './terminal.js';
import { createPicturesSlice } from './pictures.js';
import { createTransfersSlice } from './transfers.js';
import { createSettingsSlice } from './settings.js';
import { createWatchSlice } from './watch-region.js';
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
