import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, expectSchema, signedInTestServer } from './harness.js';

/**
 * Three answers held to the service's own examples (the OpenAPI description in spec/openapi.json,
 * whose examples are recorded answers): a list's id in /3/list/{list_id} (a number now, a string in
 * the example); an
 * account's lists carry no iso_3166_1 (a film's lists do, as recorded in
 * fixtures/E12-movie-lists.jdrouet.json); series credits in a person's combined credits carry
 * first_credit_air_date, the air date of the first episode the credit counts.
 */

const SPEC = new URL('../../../shared/spec/', import.meta.url);
let openapi: { paths: Record<string, { get: { responses: { '200': { content: { 'application/json': { examples: { Result: { value: string } } } } } } } }> } | undefined;
try {
  openapi = JSON.parse(readFileSync(new URL('openapi.json', SPEC), 'utf8'));
} catch {
  // The interface's description lives beside the repository where it is developed; the keys are repeated below.
}

/** The example answer of a GET in the service's description, when the description is at hand. */
function example(path: string): Record<string, unknown> | undefined {
  const value = openapi?.paths[path]?.get.responses['200'].content['application/json'].examples.Result.value;
  return value === undefined ? undefined : (JSON.parse(value) as Record<string, unknown>);
}

let t: TestServer;
let sessionId: string;

beforeAll(async () => {
  ({ t, sessionId } = await signedInTestServer());
});

afterAll(async () => {
  await t.dispose();
});

const json = { 'content-type': 'application/json' };

async function newListWithOneFilm(name: string) {
  const created = await t.raw('POST', `/3/list?session_id=${sessionId}`, { headers: json, body: JSON.stringify({ name, description: '', language: 'en' }) });
  const listId = (created.json as { list_id: number }).list_id;
  await t.raw('POST', `/3/list/${listId}/add_item?session_id=${sessionId}`, { headers: json, body: JSON.stringify({ media_id: 3 }) });
  return listId;
}

describe('lists', () => {
  it('/3/list/{list_id} sends the id as a number, as the newest real answer does; the contract still reads the older string ids', async () => {
    const listId = await newListWithOneFilm('Shapes');
    const { json: body } = await t.raw('GET', `/3/list/${listId}`);
    // A proxy's recording of 2026 of /3/list/509 has "id": 509.
    expect((body as { id: unknown }).id).toBe(listId);
    expectSchema('listDetails', body);
    // The service's documented example ("id": "1") and a list made before 2013 (hex id).
    const recorded = example('/3/list/{list_id}');
    expect(typeof recorded?.id).toBe('string');
    for (const id of ['1', '50941077760ee35e1500000c', 509]) expectSchema('listDetails', { ...(body as Record<string, unknown>), id });
  });

  it('/3/account/{account_id}/lists results have the keys of the service\'s example, without iso_3166_1', async () => {
    await newListWithOneFilm('Shapes two');
    const { json: body } = await t.raw('GET', `/3/account/null/lists?session_id=${sessionId}`);
    expectSchema('accountLists', body);
    const results = (body as { results: Array<Record<string, unknown>> }).results;
    expect(results.length).toBeGreaterThan(0);
    const recordedKeys = (example('/3/account/{account_id}/lists')?.results as Array<Record<string, unknown>> | undefined)?.[0];
    const keys = recordedKeys ? Object.keys(recordedKeys).sort() : ['description', 'favorite_count', 'id', 'iso_639_1', 'item_count', 'list_type', 'name', 'poster_path'];
    for (const result of results) expect(Object.keys(result).sort()).toEqual(keys);
  });

  it('a film\'s lists keep the owner\'s country, as recorded', async () => {
    const { json: body } = await t.raw('GET', '/3/movie/3/lists');
    const results = (body as { results: Array<Record<string, unknown>> }).results;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result).toHaveProperty('iso_3166_1');
  });
});

describe('combined credits', () => {
  it('each series credit carries the air date of the first episode it counts', async () => {
    // A guest of series 1's first season, and every episode that credits them.
    const season = await t.client.call('seasonDetails', { path: { series_id: 1, season_number: 1 } });
    const guest = season.episodes.flatMap((e) => e.guest_stars ?? [])[0];
    expect(guest).toBeDefined();
    const combined = await t.raw('GET', `/3/person/${guest!.id}/combined_credits`);
    expectSchema('personCombinedCredits', combined.json);
    const tv = (combined.json as { cast: Array<Record<string, unknown>>; crew: Array<Record<string, unknown>> });
    const entries = [...tv.cast, ...tv.crew].filter((entry) => entry.media_type === 'tv');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toHaveProperty('first_credit_air_date');

    const credit = tv.cast.find((entry) => entry.credit_id === guest!.credit_id)!;
    expect(credit).toBeDefined();
    const details = await t.client.call('tvDetails', { path: { series_id: 1 } });
    const dates: string[] = [];
    let counted = 0;
    for (const { season_number: number } of details.seasons) {
      const each = await t.client.call('seasonDetails', { path: { series_id: 1, season_number: number } });
      for (const episode of each.episodes) {
        const named = [...(episode.guest_stars ?? [])].some((member) => member.credit_id === guest!.credit_id);
        if (named) counted++;
        if (named && episode.air_date) dates.push(episode.air_date);
      }
    }
    expect(counted).toBe(credit.episode_count);
    expect(dates.length).toBeGreaterThan(0);
    expect(credit.first_credit_air_date).toBe(dates.sort()[0]);
  });

  it('film credits carry no such field', async () => {
    const season = await t.client.call('seasonDetails', { path: { series_id: 2, season_number: 1 } });
    const personId = season.episodes[0]!.crew![0]!.id;
    const combined = (await t.raw('GET', `/3/person/${personId}/combined_credits`)).json as { crew: Array<Record<string, unknown>> };
    for (const entry of combined.crew) expect('first_credit_air_date' in entry).toBe(entry.media_type === 'tv');
  });
});
