import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogClient } from '../../src/api/client.js';
import { modernClient, type ModernClient } from '../server/modern-client.js';
import { ServiceError } from '../../src/api/errors.js';
import type { OperationKey } from '../../src/contract/index.js';
import { startServer, type FaultRule, type RunningServer } from '../../src/server/index.js';
import type { CatalogApi } from '../../src/state/index.js';
import { makeStore, type TestStore } from '../state/support.js';
import { act } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { KEY, renderApp, type Rendered } from './harness.js';

/**
 * The embedded server (a small catalog in a temp dir) and stores wired to it through a client
 * that writes down every operation it is asked for and can be told to fail the next call of
 * one operation, for the error paths the embedded server has no reason to take.
 */

export interface EmbeddedCatalog {
  readonly server: RunningServer;
  /** A client of its own, for tests to read what the screens should show. */
  readonly client: ModernClient;
  close(): Promise<void>;
}

/** `faults`: the server's faults on demand (parseFaultSpec), for the failure paths of a whole flow. */
export async function startEmbeddedCatalog({ faults }: { faults?: readonly FaultRule[] } = {}): Promise<EmbeddedCatalog> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-tv-'));
  const server = await startServer({ dataDir: dir, catalogSize: 300, faults });
  const client = new CatalogClient({ baseUrl: server.url, token: server.token, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  return {
    server,
    client: modernClient(client),
    async close() {
      await client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RecordingStore extends TestStore {
  /** Operation keys, in the order the store called them. */
  readonly calls: OperationKey[];
  /** The next call of `key` fails with this HTTP status and message, as the service would answer. */
  failNext(key: OperationKey, httpStatus: number, statusCode: number, message: string): void;
  /** What the service holds as my rating of the episode, asked with the store's session by a client of its own (no cache). */
  serviceRating(episode: { seriesId: number; season: number; episode: number }): Promise<number | null>;
}

export function recordingStore(server: RunningServer): RecordingStore {
  const calls: OperationKey[] = [];
  const failures = new Map<OperationKey, ServiceError>();
  const clients: CatalogClient[] = [];
  let lastSession: ConstructorParameters<typeof CatalogClient>[0]['session'];
  const store = makeStore(
    { baseUrl: server.url, token: server.token, approvalBase: server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      createClient: (target, session) => {
        lastSession = session;
        const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        clients.push(client);
        const api: CatalogApi = {
          call(key, args) {
            calls.push(key);
            const failure = failures.get(key);
            if (failure) {
              failures.delete(key);
              return Promise.reject(failure);
            }
            return client.call(key, args);
          },
          close: () => client.close(),
        };
        return api;
      },
    },
  );
  return {
    ...store,
    calls,
    failNext(key, httpStatus, statusCode, message) {
      failures.set(key, new ServiceError(key, httpStatus, statusCode, message));
    },
    async serviceRating({ seriesId, season, episode }) {
      const reader = new CatalogClient({ baseUrl: server.url, token: server.token, session: lastSession, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
      try {
        const states = await reader.call('episodeAccountStates', { path: { series_id: seriesId, season_number: season, episode_number: episode } });
        return states.rated && typeof states.rated === 'object' && typeof states.rated.value === 'number' ? states.rated.value : null;
      } finally {
        await reader.close();
      }
    },
    cleanup() {
      for (const client of clients) void client.close();
      store.cleanup();
    },
  };
}

/**
 * The first popular series whose first regular season has at least `episodes` episodes, the
 * first of them aired and with stills in more than one language (so the filter has work to do):
 * the season the cursor starts on when the series opens.
 */
export async function seriesWithSeason(client: ModernClient, episodes: number) {
  for (let page = 1; page <= 5; page++) {
    const popular = await client.call('popularTv', { query: { page } });
    for (const [index, item] of popular.results.entries()) {
      const series = await client.call('tvDetails', { path: { series_id: item.id } });
      const season = series.seasons.find((s) => s.season_number > 0);
      if (!season || season.episode_count < episodes) continue;
      const path = { series_id: series.id, season_number: season.season_number };
      const stills = await client.call('episodeImages', { path: { ...path, episode_number: 1 } });
      const languages = new Set(stills.stills.map((s) => s.iso_639_1 ?? null));
      if (!languages.has(null) || languages.size < 2) continue;
      const details = await client.call('seasonDetails', { path });
      return { position: (page - 1) * popular.results.length + index, series, season, details, stills: stills.stills };
    }
  }
  throw new Error(`no popular series has a first season of ${episodes} episodes with stills`);
}

/**
 * The TUI on `server`, opened by keys on the first regular season of `target` (the TV tab, the
 * series, then the season the cursor starts on), once its first episode shows.
 */
export async function openSeasonByKeys(
  server: RunningServer,
  target: Awaited<ReturnType<typeof seriesWithSeason>>,
): Promise<{ ui: Rendered; store: RecordingStore }> {
  const store = recordingStore(server);
  const ui = await renderApp(store.store, { columns: 100, rows: 30 });
  await act(() => store.store.getState().connection.start());
  await ui.press('2');
  await ui.waitFor(target.series.name);
  for (let i = 0; i < target.position; i++) await ui.press('j');
  await ui.press(KEY.enter);
  await ui.waitFor('Seasons');
  await ui.press(KEY.enter);
  await ui.waitFor(target.details.episodes.find((e) => e.episode_number === 1)!.name.slice(0, 24));
  return { ui, store };
}

/** An app drawn on a recording store of its own. */
interface OpenApp {
  readonly store: RecordingStore;
  readonly ui: Rendered;
}

/**
 * The Certifications tab over `catalog` at a size, the region set to Germany: drawn, connected and
 * showing the country list with Germany highlighted. If it never gets there the app is closed
 * before the failure is thrown, so the caller holds only apps that opened.
 */
async function openCertificationsTab(catalog: EmbeddedCatalog, columns: number, rows: number): Promise<OpenApp> {
  const store = recordingStore(catalog.server);
  store.store.getState().settings.setRegion('DE');
  const ui = await renderApp(store.store, { columns, rows });
  try {
    await act(() => store.store.getState().connection.start());
    await ui.press('5');
    await ui.waitFor('› Germany (DE)');
  } catch (error) {
    closeApp({ store, ui });
    throw error;
  }
  return { store, ui };
}

/** Unmounts an app and removes its store's data; nothing when there is none. */
function closeApp(app: OpenApp | undefined): void {
  app?.ui.unmount();
  app?.store.cleanup();
}

/**
 * A file of Certifications tab tests: the embedded catalog started once for the file (before the
 * file's own beforeAll hooks, which may read it), and `start` opening the tab on a store of its
 * own, closed after each test.
 */
export function certificationsTabSuite() {
  let catalog: EmbeddedCatalog | undefined;
  let current: OpenApp | undefined;
  beforeAll(async () => {
    catalog = await startEmbeddedCatalog();
  });
  afterAll(() => catalog?.close());
  afterEach(() => {
    closeApp(current);
    current = undefined;
  });
  return {
    get catalog(): EmbeddedCatalog {
      if (!catalog) throw new Error('the catalog starts in beforeAll');
      return catalog;
    },
    async start(columns: number, rows: number): Promise<OpenApp> {
      current = await openCertificationsTab(this.catalog, columns, rows);
      return current;
    },
  };
}
