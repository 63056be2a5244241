import type { StoreApi } from 'zustand/vanilla';
import type { CertificationsSlice } from './certifications.js';
import type { ConnectionSlice } from './connection.js';
import type { BrowserSlice } from './browser.js';
import type { ListsSlice } from './lists.js';
import type { MarksSlice } from './marks.js';
import type { MoviesSlice } from './movies.js';
import type { NavigationSlice } from './navigation.js';
import type { NotificationsSlice } from './notifications.js';
import type { RatingsSlice } from './ratings.js';
import type { QueriesSlice } from './queries.js';
import type { SearchSlice } from './search.js';
import type { SessionSlice } from './session.js';
import type { TerminalSlice } from './terminal.js';
import type { TransfersSlice } from './transfers.js';
import type { SettingsSlice } from './settings.js';
import type { WatchSlice } from './watch-region.js';
import type { PicturesSlice } from './pictures.js';


export type * from './deps.js';

/** The whole store: every slice under its key. Only the store and the UI name it; a slice names the part it uses. */
export interface AppState {
  readonly terminal: TerminalSlice;
  readonly notifications: NotificationsSlice;
  readonly nav: NavigationSlice;
  readonly connection: ConnectionSlice;
  readonly session: SessionSlice;
  readonly queries: QueriesSlice;
  readonly browser: BrowserSlice;
  readonly movies: MoviesSlice;
  readonly search: SearchSlice;
  readonly lists: ListsSlice;
  readonly certifications: CertificationsSlice;
  readonly ratings: RatingsSlice;
  readonly marks: MarksSlice;
  readonly watch: WatchSlice;
  readonly transfers: TransfersSlice;
  readonly settings: SettingsSlice;
  readonly pictures: PicturesSlice;
}

export type AppStore = StoreApi<AppState>;

