import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { CatalogClient } from '../../src/api/client.js';
import { startServer, type FaultRule, type RunningServer } from '../../src/server/index.js';
import type { AppStore, EpisodeRef } from '../../src/state/index.js';
import { fileSessionStorage } from '../../src/storage/index.js';
import { modernClient, type ModernClient } from '../server/modern-client.js';
import { KEY, type Rendered } from './harness.js';

/**
 * The TV and certification screens' shared steps: the embedded server for the state tests that
 * start their own, the season the rating tests work on, the keys that open it (and the
 * Certifications tab), and what the service holds as a store's rating. Stores and apps come
 * from the store fixture (store-test.ts).
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

/**
 * What the service holds as my rating of the episode, asked with the guest session a store keeps
 * in `dataDir` by a client of its own (no cache shared with the store).
 */
export async function serviceRating(server: { url: string; token: string }, dataDir: string, { seriesId, season, episode }: EpisodeRef): Promise<number | null> {
  const kept = fileSessionStorage(dataDir, 'http://127.0.0.1').load();
  const session = kept?.kind === 'guest' ? { guestSessionId: kept.id } : kept ? { sessionId: kept.id } : undefined;
  const reader = new CatalogClient({ baseUrl: server.url, token: server.token, session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  try {
    const states = await reader.call('episodeAccountStates', { path: { series_id: seriesId, season_number: season, episode_number: episode } });
    return states.rated && typeof states.rated === 'object' && typeof states.rated.value === 'number' ? states.rated.value : null;
  } finally {
    await reader.close();
  }
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
 * On an app just started (on the embedded catalog), the first regular season of `target` opened by
 * keys (the TV tab, the series, then the season the cursor starts on), once its first episode shows.
 */
export async function openSeasonByKeys(ui: Rendered, target: Awaited<ReturnType<typeof seriesWithSeason>>): Promise<void> {
  await ui.press('2');
  await ui.waitFor(target.series.name);
  for (let i = 0; i < target.position; i++) await ui.press('j');
  await ui.press(KEY.enter);
  await ui.waitFor('Seasons');
  await ui.press(KEY.enter);
  await ui.waitFor(target.details.episodes.find((e) => e.episode_number === 1)!.name.slice(0, 24));
}

/** An app of the store fixture, started and opened on the first regular season of `target` by keys. */
export async function seasonOpenedByKeys<Started extends { ui: Rendered }>(
  app: { start(): Promise<Started> },
  target: Awaited<ReturnType<typeof seriesWithSeason>>,
): Promise<Started> {
  const started = await app.start();
  await openSeasonByKeys(started.ui, target);
  return started;
}

/**
 * An app of the store fixture at a size, on the Certifications tab with the region set to
 * Germany: showing the country list with Germany highlighted.
 */
export async function certificationsInGermany<Started extends { ui: Rendered; store: AppStore }>(
  app: { start(options: { columns: number; rows: number }): Promise<Started> },
  columns: number,
  rows: number,
): Promise<Started> {
  const started = await app.start({ columns, rows });
  await act(async () => started.store.getState().settings.setRegion('DE'));
  await started.ui.press('5');
  await started.ui.waitFor('› Germany (DE)');
  return started;
}
