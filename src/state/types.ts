import type { StoreApi } from 'zustand/vanilla';
import type { CertificationsSlice } from './slices/certifications.js';
import type { ConnectionSlice } from './slices/connection.js';
import type { BrowserSlice } from './slices/browser.js';
import type { ListsSlice } from './slices/lists.js';
import type { MarksSlice } from './slices/marks.js';
import type { MoviesSlice } from './slices/movies.js';
import type { NavigationSlice } from './slices/navigation.js';
import type { NotificationsSlice } from './slices/notifications.js';
import type { RatingsSlice } from './slices/ratings.js';
import type { QueriesSlice } from './slices/queries.js';
import type { SearchSlice } from './slices/search.js';
import type { SessionSlice } from './slices/session.js';
import type { TerminalSlice } from './slices/terminal.js';
import type { TransfersSlice } from './slices/transfers.js';
import type { SettingsSlice } from './slices/settings.js';
import type { WatchSlice } from './slices/watch-region.js';
import type { PicturesSlice } from './slices/pictures.js';


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

