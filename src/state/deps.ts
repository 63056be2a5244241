import type { RatingJournal } from '../storage/rating-journal.js';
import type { RatingDatesStorage } from '../storage/rating-dates.js';
import type { CallArgs, Reachability, SessionCredentials } from '../api/types.js';
import type { OperationKey, ResponseOf } from '../contract/index.js';
import type { Preferences, StorageNotice, StoredSession } from '../storage/index.js';
import type { ClipboardEnvironment, SystemClipboard } from '../terminal/clipboard.js';
import type { OpenOutcome } from '../terminal/opener.js';
import type { PictureProtocol } from '../terminal/picture-protocol.js';

/* What the store is given from outside (the service, the client, storage, timers) and what the
 * slices share at run time. No slice's type is named here, so every slice can import it. */

/** The part of the catalog client the store uses; CatalogClient satisfies it. */
export interface CatalogApi {
  call<K extends OperationKey>(key: K, args: CallArgs<K>): Promise<ResponseOf<K>>;
  /** An image's bytes from the image service; a client without it shows no pictures. */
  imageBytes?(address: string, signal?: AbortSignal): Promise<Buffer>;
  close?(): unknown;
}

/** A wrapper's imageBytes: the wrapped client's own, unchanged (bound to it), when it has one. */
export function passImageBytes(client: CatalogApi): CatalogApi['imageBytes'] {
  return client.imageBytes ? (address, signal) => client.imageBytes!(address, signal) : undefined;
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

/** Where a language or region setting came from (the settings screen says so). */
export type SettingOrigin = 'environment' | 'config file' | 'settings file' | 'locale' | 'default' | 'this run';

/** A language or region setting as resolved at start. */
export interface StartSetting {
  readonly value: string;
  readonly source: Exclude<SettingOrigin, 'this run'>;
  /** MARQUEE_LANGUAGE, or the config file and key, when one of them set it: it wins again at the next start. */
  readonly lockedBy?: string;
}

/** The settings screen's file: its choices, kept for later runs. */
export interface PreferencesStorage {
  /** Named on the settings screen. */
  readonly file: string;
  load(): Preferences;
  save(preferences: Preferences): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StoreDeps {
  readonly service: ServiceInfo;
  /** Brings the service up (starts the embedded server when there is one) and says where it is. */
  readonly connect: () => Promise<ServiceTarget>;
  /**
   * May load the client's code on demand (it is not needed for the first frame). The client
   * tells `onReachability` when it answers from its cache because the service cannot be
   * reached, and when the service answers again.
   */
  readonly createClient: (
    target: ServiceTarget,
    session: () => SessionCredentials | undefined,
    onReachability: (reachability: Reachability) => void,
  ) => CatalogApi | Promise<CatalogApi>;
  readonly sessions: SessionStorage;
  /** The config file a user can put a token in; named when the token is missing or rejected. */
  readonly configFile: string;
  /** Opens an address in the browser and says how it went; never throws. Without it nothing opens (and the toast says so). */
  readonly openUrl?: (url: string) => Promise<OpenOutcome>;
  /**
   * Where copies go: the system clipboard when the environment has one and its program works,
   * else the terminal (OSC 52). Without it, copies go through the terminal.
   */
  readonly clipboard?: { readonly environment: ClipboardEnvironment; readonly system?: SystemClipboard };
  /** The region "where to watch" shows first (ISO 3166-1); the United States when not given. */
  readonly watchRegion?: string;
  /** The data folder (beside the sessions file): where imports keep the journal of what they wrote. */
  readonly dataDir?: string;
  /** Where episode ratings wait while the service cannot take them; without it a rating the service cannot take is refused. */
  readonly ratingJournal?: RatingJournal;
  /** The record of when each rating written through Marquee was given (the Stats timelines read it); without it none is kept. */
  readonly ratingDates?: RatingDatesStorage;
  /** How the region was chosen at start (the settings screen says so). */
  readonly regionSetting?: StartSetting;
  /** The language reads are asked in (e.g. "de-DE"), and how it was chosen; the service's default when not given. */
  readonly contentLanguage?: StartSetting;
  /** Where the settings screen keeps its choices; without it they last for the run. */
  readonly preferences?: PreferencesStorage;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly terminalSize?: { columns: number; rows: number };
  /** The preview pane beside lists on a wide terminal, at start (the config file's `preview`); on when not said. */
  readonly previewPane?: boolean;
  /** How posters and stills are drawn (see choosePictureProtocol); not at all when not given. */
  readonly pictureProtocol?: PictureProtocol;
  /** Kitty graphics go through tmux's passthrough to the terminal outside (see choosePictureProtocol). */
  readonly picturesThroughTmux?: boolean;
  /** Pixels of one terminal cell, for sixel pictures (the config file's `sixel_cell`); DEFAULT_SIXEL_CELL when not given. */
  readonly sixelCell?: { readonly width: number; readonly height: number };
}

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

