import fc from 'fast-check';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { myRating, type CatalogApi, type EpisodeRef } from '../../src/state/index.js';
import { makeStore } from '../state/support.js';
import { KEY, renderApp, type Rendered } from './harness.js';
import { seriesWithSeason, startEmbeddedCatalog, type EmbeddedCatalog } from './tv-support.js';

/**
 * The rule of the input pipeline, on the screen where it matters most: random keys on a season
 * (rating mode's digits, `.`, `u`, Backspace; `v`, `j`/`k`; `r` with a value; `X` then `y`; `a`
 * with a value; Esc), run through the whole app against the embedded catalog, once in one read
 * (cut only after Esc: Esc then a key in one read is how terminals send Alt+key) with the service
 * answering at once, and once key by key with each write delayed at random, so answers overtake
 * each other. The service's values, the store's and the screen's end the same in both.
 */

let catalog: EmbeddedCatalog;
let target: Awaited<ReturnType<typeof seriesWithSeason>>;
/** The season's episodes and the next season's (rating mode goes on into it). */
let episodes: EpisodeRef[];

beforeAll(async () => {
  catalog = await startEmbeddedCatalog();
  target = await seriesWithSeason(catalog.client, 4);
  const seasons = target.series.seasons.filter((s) => s.season_number >= target.season.season_number).slice(0, 2);
  episodes = seasons.flatMap((s) => Array.from({ length: s.episode_count ?? 0 }, (_, i) => ({ seriesId: target.series.id, season: s.season_number, episode: i + 1 })));
}, 60_000);
afterAll(() => catalog.close());

const digit = fc.constantFrom('1', '2', '5', '7', '9', '0');
/** One thing a user does; the sequence starts in rating mode, and Esc (leaving it) is followed by m (back in). */
const action = fc.oneof(
  digit.map((d) => [d]),
  fc.constant(['.']),
  fc.constant(['u']),
  fc.constant([KEY.backspace]),
  fc.constant(['v']),
  fc.constant(['j']),
  fc.constant(['k']),
  digit.map((d) => ['r', d, KEY.enter]),
  fc.constant(['X', 'y']),
  digit.map((d) => ['a', d, KEY.enter]),
  fc.constant([KEY.esc, 'm']),
);

/** The app on the season, opened by keys, on a store whose rating writes wait `delay()` ms before they go out. */
async function openSeason(delay: () => number) {
  let session: ConstructorParameters<typeof CatalogClient>[0]['session'];
  const clients: CatalogClient[] = [];
  const test = makeStore(
    { baseUrl: catalog.server.url, token: catalog.server.token, approvalBase: catalog.server.url },
    {
      service: { kind: 'embedded', label: 'embedded catalog' },
      createClient: (to, given) => {
        session = given;
        const client = new CatalogClient({ baseUrl: to.baseUrl, token: to.token ?? '', session: given, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
        clients.push(client);
        const api: CatalogApi = {
          async call(key, args) {
            if (key === 'rateEpisode' || key === 'deleteEpisodeRating') {
              const ms = delay();
              if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
            }
            return client.call(key, args);
          },
          close: () => client.close(),
        };
        return api;
      },
    },
  );
  const ui = await renderApp(test.store, { columns: 100, rows: 30 });
  await act(() => test.store.getState().connection.start());
  await ui.press('2');
  await ui.waitFor(target.series.name);
  for (let i = 0; i < target.position; i++) await ui.press('j');
  await ui.press(KEY.enter);
  await ui.waitFor('Seasons');
  await ui.press(KEY.enter);
  await ui.waitFor(target.details.episodes[0]!.name.slice(0, 24));
  const serviceValues = async (): Promise<(number | null)[]> => {
    // Nothing was rated: no guest session was started, and the service holds nothing.
    if (test.store.getState().session.current.kind === 'none') return episodes.map(() => null);
    const reader = new CatalogClient({ baseUrl: catalog.server.url, token: catalog.server.token, session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
    try {
      const values: (number | null)[] = [];
      for (const e of episodes) {
        const states = await reader.call('episodeAccountStates', { path: { series_id: e.seriesId, season_number: e.season, episode_number: e.episode } });
        values.push(states.rated && typeof states.rated === 'object' ? (states.rated.value ?? null) : null);
      }
      return values;
    } finally {
      await reader.close();
    }
  };
  const cleanup = () => {
    ui.unmount();
    for (const client of clients) void client.close();
    test.cleanup();
  };
  return { ui, store: test.store, serviceValues, cleanup };
}

/** The frame once every write is answered and nothing changes any more (toasts, which fade with time, left out). */
async function settled(ui: Rendered, settle: () => Promise<void>): Promise<string> {
  let last = '';
  let stableFor = 0;
  for (let polls = 0; polls < 300 && stableFor < 5; polls++) {
    await act(async () => {
      await settle();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const frame = ui.frame();
    stableFor = frame === last && !/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/.test(frame) ? stableFor + 1 : 0;
    last = frame;
  }
  return last.replace(/^[i✓!✗?] .*$/gm, '').replace(/^ {2}y .*$/gm, '');
}

/** Cuts keys into reads that end only after an Esc. */
function reads(keys: readonly string[]): string[] {
  const chunks: string[] = [''];
  for (const key of keys) {
    chunks[chunks.length - 1] += key;
    if (key === KEY.esc) chunks.push('');
  }
  return chunks.filter((chunk) => chunk !== '');
}

async function run(keys: readonly string[], how: 'one read' | 'key by key', delays: readonly number[]) {
  let next = 0;
  const opened = await openSeason(() => (how === 'one read' ? 0 : (delays[next++ % delays.length] ?? 0)));
  try {
    const { ui, store } = opened;
    if (how === 'one read') await ui.press(...reads(keys));
    else for (const key of keys) await ui.press(key);
    const frame = await settled(ui, () => store.getState().ratings.settled());
    const mine = episodes.map((e) => myRating(store.getState(), e) ?? null);
    return { frame, mine, service: await opened.serviceValues() };
  } finally {
    opened.cleanup();
  }
}

describe('random keys on a season', () => {
  it('end with the same ratings on the service, in the store and on the screen, in one read as key by key with writes answered out of order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), fc.array(fc.nat(40), { minLength: 1, maxLength: 8 }), async (actions, delays) => {
        const keys = ['m', ...actions.flat()];
        const burst = await run(keys, 'one read', delays);
        const oneByOne = await run(keys, 'key by key', delays);
        expect(burst.service).toEqual(oneByOne.service);
        // What the store and the screen show is what the service holds.
        expect(burst.mine).toEqual(burst.service);
        expect(oneByOne.mine).toEqual(oneByOne.service);
        expect(burst.frame).toBe(oneByOne.frame);
      }),
      { numRuns: 6, seed: 3 },
    );
  }, 120_000);
});
