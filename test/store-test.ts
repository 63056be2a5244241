import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { expect, test } from 'vitest';
import { CatalogClient } from '../src/api/client.js';
import { NetworkError, ServiceError } from '../src/api/errors.js';
import { startServer, type FaultRule, type RunningServer } from '../src/server/index.js';
import type { CatalogApi, EpisodeRef, NavigationSlice, ServiceTarget, StoreDeps } from '../src/state/index.js';
import { fileRatingJournal, fileSessionStorage, RATING_JOURNAL_FILE } from '../src/storage/index.js';
import type { CommandRegistry } from '../src/ui/commands.js';
import type { Theme } from '../src/ui/theme.js';
import { startTestServer, type TestServer } from './server/harness.js';
import { modernClient, type ModernClient } from './server/modern-client.js';
import { startFakeService, type FakeService } from './state/fake-service.js';
import { makeStore, type CallHook, type TestStore } from './state/support.js';
import { renderApp, type Rendered } from './ui/harness.js';
import { seriesWithSeason } from './ui/tv-support.js';

/**
 * The store fixture of the state and component tests: `storeTest` is vitest's `test` with a
 * service started once for the test file and fresh stores (and a rendered app) for each test,
 * cleaned up after it. A file chooses its service at the top:
 *
 *   const it = storeTest.override('over', 'fake');
 *
 * - 'embedded' (the default): the embedded server's catalog, 300 titles; `faults` (also a file
 *   option) are its faults on demand (parseFaultSpec), for failure paths.
 * - 'fake': the loopback stand-in answering from the recorded fixtures (state/fake-service.ts),
 *   for the failures the embedded server would not give (429, a rejected token, a dead service).
 * - 'served': the reference server on the test clock (server/harness.ts), with its own client
 *   and raw requests (`service.served`).
 * - 'client': no service at all: the test gives each store its client (`deps.createClient`), a
 *   fake in the test that answers from bodies it holds; the address is one nothing listens on.
 *
 * `fileStore` is one store connected to the service for all the file's tests, for tests of what a
 * store keeps from one read to the next.
 */

export type Over = 'embedded' | 'fake' | 'served' | 'client';

export interface Service {
  readonly over: Over;
  readonly url: string;
  readonly token: string;
  /** Where a store connects: the service with its token, approvals on the service itself. */
  readonly target: ServiceTarget;
  /** The reference server ('embedded' or 'served'). */
  readonly server: RunningServer;
  /** Our client on the service, with its token and no session, to read what it holds. */
  readonly client: ModernClient;
  /** The reference server on the test clock, with raw requests ('served' only). */
  readonly served: TestServer;
  /** The fake service, to approve tokens, fail routes and read the requests ('fake' only). */
  readonly fake: FakeService;
  /** The requests the embedded server was sent, in order, with the status each was answered with (file option `logRequests`). */
  readonly requests: readonly ServedRequest[];
  /** A GET on the service, as a second opinion on what the screen shows (inside act: the screen may change meanwhile). */
  get<T>(path: string): Promise<T>;
}

/** A request the embedded server was sent: its path, and its answer's status once it was answered. */
export interface ServedRequest {
  readonly path: string;
  status?: number;
}

/** Where the rating writes of a store with faults stand: as they go, failing, or held back. */
export type WriteFault = 'none' | 'network' | 'auth' | 'hold';

/** A write the service has received and not answered yet (fault 'hold'): `release` lets it through. */
export interface HeldWrite {
  readonly operation: string;
  /** The episode's number, for an episode's write. */
  readonly episode?: number;
  release(): void;
}

export interface FailingStore extends TestStore {
  /** The next call of `operation` fails with this HTTP status and message, as the service would answer. */
  failNext(operation: string, httpStatus: number, statusCode: number, message: string): void;
}

export interface StoreWithFaults {
  readonly test: TestStore;
  /** Set `now` to make the writes fail or wait from then on. */
  readonly fault: { now: WriteFault };
  readonly held: HeldWrite[];
  /** The store's own client, to read back what the service holds for its session. */
  client(): CatalogClient;
}

export interface Stores {
  /** A fresh store on the service, not connected yet. */
  make(deps?: Partial<StoreDeps>, through?: CallHook): TestStore;
  /**
   * A fresh store as `make` gives, whose calls fail on demand as the service would answer
   * (`failNext`), for the error paths the embedded server has no reason to take.
   */
  failing(deps?: Partial<StoreDeps>, through?: CallHook): FailingStore;
  /**
   * A store whose writes fail (fault 'network': the connection refused; 'auth': the session
   * refused) or wait in `held` until released ('hold': a slow service), as `fault.now` says.
   * `writes` are the operations that fault; `dataDir`, a data folder to start on (a next run:
   * the same sessions file and journal). Its service is labelled the embedded catalog.
   */
  withFaults(writes: readonly string[], dataDir?: string): StoreWithFaults;
  /** A data folder of the test, removed after it. */
  folder(prefix?: string): string;
  /** What `kill -9` leaves for the next run: a copy of the data folder's files (sessions, journal) as they are now. */
  killedNow(from: string): string;
}

export interface StartOptions {
  /** Signed in as the embedded server's demo account once the first rows show. */
  signedIn?: boolean;
  deps?: Partial<StoreDeps>;
  /** Where the store connects, when not the file's service as it is (another token, another address). */
  target?: ServiceTarget | (() => Promise<ServiceTarget>);
  mouse?: boolean;
  registry?: CommandRegistry;
  theme?: Theme;
  /** The terminal's size: 100x30 on the reference server; otherwise ink-testing-library's own unless given. */
  columns?: number;
  rows?: number;
  /** What the store's calls go through before they are sent (a write held back, a moment offline). */
  through?: CallHook;
}

export interface StartedApp {
  readonly ui: Rendered;
  readonly test: TestStore;
  readonly store: TestStore['store'];
  readonly opened: string[];
  readonly calls: string[];
  readonly failNext: FailingStore['failNext'];
}

export interface App {
  /**
   * The whole TUI on a fresh store, connected; on the embedded catalog, once its first rows
   * show. Unmounted after the test.
   */
  start(options?: StartOptions): Promise<StartedApp>;
  /**
   * The screen `open` goes to, on a fresh app whose store asks `client` ('client'), once nothing
   * on it is loading, after each of `keys` too: the frame then.
   */
  show(client: CatalogApi, open: (nav: NavigationSlice) => void, options?: { keys?: readonly string[]; columns?: number; rows?: number }): Promise<string>;
}

/** The episode writes a store with faults holds back: a read of an episode's state is not one. */
const HELD_WRITES = new Set(['rateEpisode', 'deleteEpisodeRating', 'rateMovie', 'rateSeries', 'deleteMovieRating', 'deleteSeriesRating']);

const EMBEDDED_SERVICE = { kind: 'embedded', label: 'embedded catalog' } as const;

/** Where the stores of a file with a client of its own point: port 9 (discard), where nothing answers. */
const NO_SERVICE = { url: 'http://127.0.0.1:9', token: 'test-client' };

/** Only one service of the file's choice starts; asking for another names the mistake. */
function only<T>(over: Over, wanted: Over, what: string, value: T | undefined): T {
  if (value === undefined) throw new Error(`${what} is there only over '${wanted}'; this file's service is '${over}'`);
  return value;
}

/** The embedded server's log options that write down each request and its answer's status in `requests`. */
function requestLogger(requests: ServedRequest[]) {
  const byId = new Map<string, ServedRequest>();
  return {
    logger: true,
    logStream: {
      write(line: string) {
        const entry = JSON.parse(line) as { msg?: string; reqId?: string; req?: { path?: string }; res?: { statusCode?: number } };
        if (entry.msg === 'incoming request' && entry.req?.path) {
          const request: ServedRequest = { path: entry.req.path };
          requests.push(request);
          byId.set(String(entry.reqId), request);
        }
        const request = byId.get(String(entry.reqId));
        if (entry.msg === 'request completed' && request && entry.res?.statusCode) request.status = entry.res.statusCode;
      },
    },
  };
}

async function startService(over: Over, faults: readonly FaultRule[], logRequests: boolean): Promise<{ service: Service; stop(): Promise<void> }> {
  const requests: ServedRequest[] = [];
  let server: RunningServer | undefined;
  let served: TestServer | undefined;
  let fake: FakeService | undefined;
  let dir: string | undefined;
  if (over === 'client') {
    // Nothing to start: the stores' clients are the test's own.
  } else if (over === 'fake') fake = await startFakeService();
  else if (over === 'served') {
    served = await startTestServer({ faults });
    server = served.server;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'marquee-embedded-'));
    server = await startServer({ dataDir: dir, catalogSize: 300, faults, ...(logRequests ? requestLogger(requests) : {}) });
  }
  const { url, token } = server ?? fake ?? NO_SERVICE;
  const client = new CatalogClient({ baseUrl: url, token, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  const modern = served?.client ?? modernClient(client);
  const service: Service = {
    over,
    url,
    token,
    target: { baseUrl: url, token, approvalBase: url },
    get server() {
      return only(over, 'embedded', 'the reference server', server);
    },
    client: modern,
    requests,
    get served() {
      return only(over, 'served', 'the served test server', served);
    },
    get fake() {
      return only(over, 'fake', 'the fake service', fake);
    },
    async get<T>(path: string) {
      return act(async () => {
        const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status).toBe(200);
        return (await response.json()) as T;
      });
    },
  };
  return {
    service,
    async stop() {
      await client.close();
      await fake?.close();
      await served?.dispose();
      if (!served) await server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function storeMaker(service: Service) {
  const made: TestStore[] = [];
  const folders: string[] = [];
  const folder = (prefix = 'marquee-test-') => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  const make = (deps: Partial<StoreDeps> = {}, through?: CallHook) => {
    const store = makeStore(service.target, deps, through);
    made.push(store);
    return store;
  };
  const stores: Stores = {
    make,
    failing(deps, through) {
      const failures = new Map<string, ServiceError>();
      const test = make(deps, (operation, args, send) => {
        const failure = failures.get(operation);
        if (!failure) return through ? through(operation, args, send) : send();
        failures.delete(operation);
        return Promise.reject(failure);
      });
      return {
        ...test,
        failNext(operation, httpStatus, statusCode, message) {
          failures.set(operation, new ServiceError(operation, httpStatus, statusCode, message));
        },
      };
    },
    folder,
    withFaults(writes, dataDir) {
      const fault: { now: WriteFault } = { now: 'none' };
      const held: HeldWrite[] = [];
      const through: CallHook = (operation, args, send) => {
        if (!writes.includes(operation)) return send();
        if (fault.now === 'network') return Promise.reject(new NetworkError(operation, 'refused', 'connection refused by host'));
        if (fault.now === 'auth') return Promise.reject(new ServiceError(operation, 401, 3, 'Authentication failed: You do not have permissions to access the service.'));
        if (fault.now === 'hold' && HELD_WRITES.has(operation)) {
          const episode = (args as { path?: { episode_number?: number } }).path?.episode_number;
          return new Promise<void>((release) => held.push({ operation, episode, release })).then(send);
        }
        return send();
      };
      const deps: Partial<StoreDeps> = {
        service: EMBEDDED_SERVICE,
        ...(dataDir ? { dataDir, sessions: fileSessionStorage(dataDir, 'http://127.0.0.1'), ratingJournal: fileRatingJournal(dataDir, 'http://127.0.0.1') } : {}),
      };
      const test = make(deps, through);
      return { test, fault, held, client: () => test.client() };
    },
    killedNow(from) {
      const dataDir = folder('marquee-next-run-');
      for (const name of ['sessions.json', RATING_JOURNAL_FILE]) if (existsSync(join(from, name))) copyFileSync(join(from, name), join(dataDir, name));
      return dataDir;
    },
  };
  return {
    stores,
    cleanup() {
      for (const store of made) store.cleanup();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the service has received `count` writes it holds. */
export async function heldWrites(held: readonly HeldWrite[], count: number): Promise<void> {
  for (let i = 0; held.length < count; i++) {
    if (i > 500) throw new Error(`${held.length} writes held, waiting for ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const storeTest = test
  .extend('over', { scope: 'file' }, 'embedded' as Over)
  .extend('faults', { scope: 'file' }, [] as readonly FaultRule[])
  /** The embedded server writes down each request it is sent (`service.requests`), for tests that count them at the server. */
  .extend('logRequests', { scope: 'file' }, false)
  .extend('service', { scope: 'file' }, async ({ over, faults, logRequests }, { onCleanup }) => {
    const { service, stop } = await startService(over, faults, logRequests);
    onCleanup(stop);
    return service;
  })
  /** One store connected to the service for all the file's tests: what it keeps carries from one test to the next. */
  .extend('fileStore', { scope: 'file' }, async ({ service }, { onCleanup }) => {
    const store = makeStore(service.target);
    onCleanup(() => store.cleanup());
    await store.store.getState().connection.start();
    return store;
  })
  /** Three episodes of one season of the catalog, for the tests of episode ratings. */
  .extend('episodes', { scope: 'file' }, async ({ service }) => {
    const { series, season } = await seriesWithSeason(service.client, 3);
    return [1, 2, 3].map((episode): EpisodeRef => ({ seriesId: series.id, season: season.season_number, episode }));
  })
  .extend('stores', async ({ service }, { onCleanup }) => {
    const { stores, cleanup } = storeMaker(service);
    onCleanup(cleanup);
    return stores;
  })
  .extend('app', async ({ service, stores }, { onCleanup }) => {
    const rendered: Rendered[] = [];
    onCleanup(() => {
      for (const ui of rendered) ui.unmount();
    });
    const app: App = {
      async start({ signedIn = false, deps = {}, target, mouse = false, registry, theme, through, ...size } = {}) {
        const embedded = service.over === 'embedded' || service.over === 'served';
        const test = stores.failing(target ? { ...deps, connect: typeof target === 'function' ? target : async () => target } : deps, through);
        const { columns = embedded ? 100 : undefined, rows = embedded ? 30 : undefined } = size;
        const ui = await renderApp(test.store, { columns, rows, mouse, registry, theme });
        rendered.push(ui);
        await act(() => test.store.getState().connection.start());
        // The catalog always has rows: a test starts from them. Tests on recorded answers look at the first frames themselves.
        if (embedded) await ui.waitFor(/1\/[\d,]+/);
        if (signedIn) {
          const { username, password } = service.server.demoAccount;
          const ok = await act(() => test.store.getState().session.signInWithPassword(username, password));
          if (!ok) throw new Error(`the demo account could not sign in: ${test.store.getState().notifications.toasts.at(-1)?.text ?? 'no word why'}`);
        }
        return { ui, test, store: test.store, opened: test.opened, calls: test.calls, failNext: test.failNext };
      },
      async show(client, open, { keys = [], columns = 120, rows = 40 } = {}) {
        const { ui, store } = await app.start({ deps: { createClient: () => client }, columns, rows });
        await act(async () => open(store.getState().nav));
        const settled = (frame: string) => !/Loading|loading…/.test(frame);
        let frame = await ui.waitFor(settled);
        for (const key of keys) {
          await ui.press(key);
          frame = await ui.waitFor(settled);
        }
        return frame;
      },
    };
    return app;
  });
