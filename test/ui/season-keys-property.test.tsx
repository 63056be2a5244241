import fc from 'fast-check';
import { act } from 'react';
import { describe, expect } from 'vitest';
import { myRating, type EpisodeRef } from '../../src/state/index.js';
import { storeTest as it, type App, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';
import { openSeasonByKeys, seriesWithSeason, serviceRating } from './tv-support.js';

/**
 * The rule of the input pipeline, on the screen where it matters most: random keys on a season
 * (rating mode's digits, `.`, `u`, Backspace; `v`, `j`/`k`; `r` with a value; `X` then `y`; `a`
 * with a value; Esc), run through the whole app against the embedded catalog, once in one read
 * (cut only after Esc: Esc then a key in one read is how terminals send Alt+key) with the service
 * answering at once, and once key by key with each write delayed at random, so answers overtake
 * each other. The service's values, the store's and the screen's end the same in both.
 */

let target: Awaited<ReturnType<typeof seriesWithSeason>>;
/** The season's episodes and the next season's (rating mode goes on into it). */
let episodes: EpisodeRef[];

it.beforeAll(async ({ service }) => {
  target = await seriesWithSeason(service.client, 4);
  const seasons = target.series.seasons.filter((s) => s.season_number >= target.season.season_number).slice(0, 2);
  episodes = seasons.flatMap((s) => Array.from({ length: s.episode_count ?? 0 }, (_, i) => ({ seriesId: target.series.id, season: s.season_number, episode: i + 1 })));
}, 60_000);

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
async function openSeason(app: App, service: Service, delay: () => number) {
  const { ui, store, test } = await app.start({
    through: async (operation, _args, send) => {
      if (operation === 'rateEpisode' || operation === 'deleteEpisodeRating') {
        const ms = delay();
        if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      }
      return send();
    },
  });
  await openSeasonByKeys(ui, target);
  const serviceValues = async (): Promise<(number | null)[]> => {
    // Nothing was rated: no guest session was started, and the service holds nothing.
    if (store.getState().session.current.kind === 'none') return episodes.map(() => null);
    const values: (number | null)[] = [];
    for (const e of episodes) values.push(await serviceRating(service.server, test.dataDir, e));
    return values;
  };
  // Each run ends its app at once: a property runs many in one test.
  const cleanup = () => {
    ui.unmount();
    test.cleanup();
  };
  return { ui, store, serviceValues, cleanup };
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

async function run(app: App, service: Service, keys: readonly string[], how: 'one read' | 'key by key', delays: readonly number[]) {
  let next = 0;
  const opened = await openSeason(app, service, () => (how === 'one read' ? 0 : (delays[next++ % delays.length] ?? 0)));
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
  it('end with the same ratings on the service, in the store and on the screen, in one read as key by key with writes answered out of order', async ({ app, service }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), fc.array(fc.nat(40), { minLength: 1, maxLength: 8 }), async (actions, delays) => {
        const keys = ['m', ...actions.flat()];
        const burst = await run(app, service, keys, 'one read', delays);
        const oneByOne = await run(app, service, keys, 'key by key', delays);
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
