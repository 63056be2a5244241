import type { StoreApi } from 'zustand/vanilla';
import type { CallArgs, SessionCredentials } from '../api/types.js';
import type { OperationKey, ResponseOf } from '../contract/index.js';
import type { StorageNotice, StoredSession } from '../storage/index.js';
import type { CertificationsSlice } from './certifications.js';
import type { ConnectionSlice } from './connection.js';
import type { BrowserSlice } from './browser.js';
import type { ListsSlice } from './lists.js';
import type { MoviesSlice } from './movies.js';
import type { NavigationSlice } from './navigation.js';
import type { NotificationsSlice } from './notifications.js';
import type { RatingsSlice } from './ratings.js';
import type { QueriesSlice } from './queries.js';
import type { SearchSlice } from './search.js';
import type { SessionSlice } from './session.js';
import type { TerminalSlice } from './terminal.js';

/** The part of the catalog client the store uses; CatalogClient satisfies it. */
export interface CatalogApi {
  call<K extends OperationKey>(key: K, args: CallArgs<K>): Promise<ResponseOf<K>>;
  close?(): unknown;
}

/** Which service the TUI talks to, as the header names it. */
export interface ServiceInfo {
  readonly kind: 'embedded' | 'remote';
  /** "embedded catalog", or the host name of the service. */
  readonly label: string;
}

/** Where to reach the service, known once it is up (the embedded server picks its port). */
export interface ServiceTarget {
  readonly baseUrl: string;
  /** The access token; undefined when none is configured. */
  readonly token: string | undefined;
  /** Web address under which `/authenticate/<request token>` is the approval page. */
  readonly approvalBase: string;
  /** Said on the name-and-password form, e.g. which demo account the embedded catalog has. */
  readonly signInHint?: string;
}

/**
 * Keeps the session between runs (a 0600 file in the data dir, in the program). `notice` hears
 * what the user should be told, e.g. that an unreadable file was moved aside.
 */
export interface SessionStorage {
  load(notice?: StorageNotice): StoredSession | undefined;
  save(session: StoredSession | undefined, notice?: StorageNotice): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StoreDeps {
  readonly service: ServiceInfo;
  /** Brings the service up (starts the embedded server when there is one) and says where it is. */
  readonly connect: () => Promise<ServiceTarget>;
  /** May load the client's code on demand (it is not needed for the first frame). */
  readonly createClient: (
    target: ServiceTarget,
    session: () => SessionCredentials | undefined,
  ) => CatalogApi | Promise<CatalogApi>;
  readonly sessions: SessionStorage;
  /** The config file a user can put a token in; named when the token is missing or rejected. */
  readonly configFile: string;
  /** Opens an address in the browser; must never block or throw. */
  readonly openUrl?: (url: string) => void;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly terminalSize?: { columns: number; rows: number };
}

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
}

export type AppStore = StoreApi<AppState>;
export type SetState = AppStore['setState'];
export type GetState = AppStore['getState'];

/**
 * What the slices share but never render: the client, and the session credentials it sends.
 * Keeping credentials out of the state means no component can ever display a session id.
 */
export interface Runtime {
  readonly deps: StoreDeps;
  client: CatalogApi | undefined;
  target: ServiceTarget | undefined;
  credentials: SessionCredentials | undefined;
}

export interface SliceContext {
  readonly set: SetState;
  readonly get: GetState;
  readonly runtime: Runtime;
}

/** Merges a patch into one slice, leaving the others (and their identities) untouched. */
export function patchSlice<K extends keyof AppState>(
  set: SetState,
  key: K,
  patch: Partial<AppState[K]> | ((slice: AppState[K]) => Partial<AppState[K]>),
): void {
  set((state) => {
    const current = state[key];
    const changes = typeof patch === 'function' ? patch(current) : patch;
    // Returning the state itself tells zustand nothing changed, so no subscriber runs.
    if (Object.keys(changes).length === 0) return state;
    return { [key]: { ...current, ...changes } } as unknown as Partial<AppState>;
  });
}
