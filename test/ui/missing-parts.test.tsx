import { act } from 'react';
import { describe, expect } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import { ServiceError } from '../../src/api/errors.js';
import type { StoreDeps } from '../../src/state/index.js';
import { readFixture } from '../fixtures.js';
import { storeTest as it, type StartedApp } from '../store-test.js';

/**
 * A part of a title the service answers 404 for (its recorded body: status_code 34, "The
 * resource you requested could not be found.") is one it does not have: the panel says so, not
 * what to change, as there is nothing to change.
 */

const NOT_FOUND = readFixture('ERR-404-34.jdrouet.json') as { status_code: number; status_message: string };
const RECORDS = new Set(['movieDetails', 'tvDetails', 'personDetails']);
const MISSING = new Set(['movieCredits', 'movieVideos', 'movieWatchProviders', 'movieReviews', 'movieKeywords', 'tvKeywords', 'seriesReviews', 'personCombinedCredits']);

/** The records asked without parts appended (each part then asked alone), and the parts answered 404. */
const missingParts: StoreDeps['createClient'] = (target, session) => {
  const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
  const call = async (op: string, args: { query?: Record<string, unknown> } | undefined) => {
    if (MISSING.has(op)) throw new ServiceError(op, 404, NOT_FOUND.status_code, NOT_FOUND.status_message);
    const { append_to_response: _append, ...query } = args?.query ?? {};
    return client.call(op as never, (RECORDS.has(op) ? { ...args, query } : args) as never);
  };
  return { call: call as never, imageBytes: (address, signal) => client.imageBytes(address, signal), close: () => client.close() };
};

const flat = (frame: string) => frame.replace(/\s+/g, ' ');

async function expectMissing(ui: StartedApp['ui'], what: string) {
  const frame = flat(await ui.waitFor((f) => flat(f).includes(`Could not load ${what}.`)));
  expect(frame).toContain(`The service does not have ${what}.`);
  expect(frame).not.toContain('refused what was asked');
  expect(frame).not.toContain('change it');
}

describe('a part the service does not have', () => {
  it("a film's cast and crew, videos, where to watch it, reviews and keywords", async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; title: string }> }>('/3/movie/popular');
    const { ui, store } = await app.start({ deps: { createClient: missingParts }, columns: 120, rows: 40 });
    await act(async () => void store.getState().nav.push('movies.detail', { id: results[0]!.id, title: results[0]!.title }));
    await ui.waitFor('Overview');
    for (const [key, what] of [['C', 'the cast and crew'], ['v', 'the videos'], ['p', 'where to watch it']] as const) {
      await ui.press(key);
      await expectMissing(ui, what);
    }
    await ui.press('e');
    await expectMissing(ui, 'the reviews');
    await ui.press('d');
    await ui.waitFor('Overview');
    await ui.press('K');
    await expectMissing(ui, 'the keywords');
  });

  it("a series' keywords", async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; name: string }> }>('/3/tv/popular');
    const { ui, store } = await app.start({ deps: { createClient: missingParts }, columns: 120, rows: 60 });
    await act(async () => void store.getState().nav.push('tv.detail', { id: results[0]!.id, title: results[0]!.name }));
    const frame = flat(await ui.waitFor((f) => /Keywords\s+\S/.test(f) && !/Keywords\s+loading/.test(f)));
    expect(frame).toContain('Keywords none (the service has none for this series)');
    expect(frame).not.toContain('to retry');
  });

  it("a person's filmography", async ({ app, service }) => {
    const { results } = await service.get<{ results: Array<{ id: number; name: string }> }>('/3/person/popular');
    const { ui, store } = await app.start({ deps: { createClient: missingParts }, columns: 120, rows: 40 });
    await act(async () => void store.getState().nav.push('search.person', { id: results[0]!.id, title: results[0]!.name }));
    await ui.press('f');
    await expectMissing(ui, 'the filmography');
  });
});
