import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { StoreDeps } from '../../src/state/index.js';
import { storeTest as it, type StartedApp } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * The real service repeats titles across pages (its order moves between two page requests): a
 * screen's list shows each title once, its count drops the repeats, and G reaches the end. Here
 * each page after the first begins with the last two rows of the page before it.
 */

const REPEATS = 2;

const repeatingClient: StoreDeps['createClient'] = (target, session) => {
  const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  type Args = { query?: { page?: number } };
  const call = async (op: string, args: Args) => {
    const answer = (await client.call(op as never, args as never)) as { results?: unknown[] };
    const page = Number(args?.query?.page ?? 1);
    if (page < 2 || !Array.isArray(answer.results) || answer.results.length === 0) return answer;
    const before = (await client.call(op as never, { ...args, query: { ...args.query, page: page - 1 } } as never)) as { results: unknown[] };
    return { ...answer, results: [...before.results.slice(-REPEATS), ...answer.results.slice(REPEATS)] };
  };
  return { call: call as never, imageBytes: (address, signal) => client.imageBytes(address, signal), close: () => client.close() };
};

/** The list rows of a frame (the highlighted one too), without the glyph. */
const rowsOf = (frame: string) =>
  frame
    .split('\n')
    .filter((line) => /^[ ›] \S/.test(line) && !/^[ ›] …/.test(line))
    .map((line) => line.slice(2).trim());

/** The position line's "n/total". */
const positionOf = (frame: string) => {
  const match = /(\d[\d,]*)\/(\d[\d,]*)/.exec(frame.split('\n').reverse().find((line) => /\d\/\d/.test(line)) ?? '');
  return match ? { at: Number(match[1]!.replace(/,/g, '')), of: Number(match[2]!.replace(/,/g, '')) } : undefined;
};

let errors: string[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
});
afterEach(() => vi.restoreAllMocks());

/** Walks down past the first page (j, one at a time) and checks each frame on the way, then G. */
async function pageThrough(ui: StartedApp['ui'], ready: RegExp) {
  let frame = await ui.waitFor((f) => ready.test(f) && positionOf(f) !== undefined && !/^[ ›] …$/m.test(f));
  const first = positionOf(frame)!;
  for (let i = 0; i < 30; i++) {
    await ui.press('j');
    frame = await ui.waitFor((f) => positionOf(f)?.at === i + 2 && !/^[ ›] …$/m.test(f) && !f.includes('loading more'));
    const rows = rowsOf(frame);
    // Each title once on screen, and the highlighted row is one of them.
    expect(new Set(rows).size, frame).toBe(rows.length);
    expect(frame).toMatch(/^› /m);
    expect(frame).not.toContain('Nothing highlighted');
  }
  // The count dropped the repeats the second page brought.
  const now = positionOf(frame)!;
  expect(now.of).toBeLessThanOrEqual(first.of - REPEATS);
  await ui.press('G');
  frame = await ui.waitFor((f) => positionOf(f)?.at === positionOf(f)?.of && !/^[ ›] …$/m.test(f) && !f.includes('loading more'));
  const rows = rowsOf(frame);
  expect(new Set(rows).size, frame).toBe(rows.length);
  expect(errors.filter((e) => /same key/i.test(e))).toEqual([]);
}

describe('a title on two pages', () => {
  it('popular movies', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await pageThrough(ui, /Popular/);
  });

  it('top rated movies', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await ui.press('t');
    await pageThrough(ui, /Top rated/i);
  });

  it('trending', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await ui.press('T');
    await pageThrough(ui, /Trending/);
  });

  it('discover', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await ui.press('D');
    await pageThrough(ui, /Discover/);
  });

  it('search', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await ui.press('3', '/');
    await ui.type('the');
    await ui.press(KEY.enter);
    await pageThrough(ui, /Search/);
  });

  it('series', async ({ app }) => {
    const { ui } = await app.start({ deps: { createClient: repeatingClient } });
    await ui.press('2');
    await pageThrough(ui, /Popular|TV/);
  });
});
