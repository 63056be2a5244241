import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script without types
import { FACTS_FILE, OPENAPI_FILE, expectedFacts } from '../tooling/generate-reference-facts.mjs';
import { type TestServer, FIXED_NOW, rawJson, startTestServer } from './harness.js';

/**
 * Credits by id, people's ids and translations, the typed searches and the change log, read
 * both ways: what one answer names, the other opens.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

type Json = Record<string, unknown>;
const DAY_MS = 86_400_000;
const get = (path: string) => rawJson(t, path);
const list = (body: Json, key = 'results') => body[key] as Json[];
const day = (offset: number) => new Date(FIXED_NOW + offset * DAY_MS).toISOString().slice(0, 10);

async function envelope(path: string) {
  const response = await t.raw('GET', path);
  return { status: response.status, statusCode: (response.json as Json | undefined)?.status_code };
}

describe('the configuration lists', () => {
  it('are the service’s own lists, as the OpenAPI description records them', async () => {
    expect(readFileSync(FACTS_FILE as string, 'utf8'), `stale: run node test/tooling/generate-reference-facts.mjs (reads ${OPENAPI_FILE as string})`).toBe(
      (expectedFacts as () => string)(),
    );
    const countries = (await t.raw('GET', '/3/configuration/countries')).json as Json[];
    expect(countries).toHaveLength(251);
    expect(countries).toContainEqual({ iso_3166_1: 'AG', english_name: 'Antigua and Barbuda', native_name: 'Antigua & Barbuda' });
    const inJapanese = (await t.raw('GET', '/3/configuration/countries?language=ja')).json as Json[];
    expect(inJapanese.find((c) => c.iso_3166_1 === 'DE')).toEqual({ iso_3166_1: 'DE', english_name: 'Germany', native_name: 'ドイツ' });
    // A code Intl does not know keeps the service's name.
    expect(inJapanese.find((c) => c.iso_3166_1 === 'AN')?.native_name).toBeTypeOf('string');
    const zones = (await t.raw('GET', '/3/configuration/timezones')).json as Json[];
    expect(zones.find((c) => c.iso_3166_1 === 'US')?.zones).toContain('America/New_York');
  });
});

describe('credits by id', () => {
  it('every credit a credits answer names opens, with the same person and role', async () => {
    const credited: Array<{ credit_id: string; id: number; character?: string; job?: string }> = [];
    for (const movie of [1, 2, 3]) {
      const credits = await get(`/3/movie/${movie}/credits`);
      credited.push(...(list(credits, 'cast') as never[]), ...(list(credits, 'crew') as never[]));
    }
    const aggregate = await get('/3/tv/2/aggregate_credits');
    for (const member of list(aggregate, 'cast')) {
      for (const role of member.roles as Json[]) credited.push({ credit_id: role.credit_id as string, id: member.id as number, character: role.character as string });
    }
    for (const member of list(aggregate, 'crew')) {
      for (const job of member.jobs as Json[]) credited.push({ credit_id: job.credit_id as string, id: member.id as number, job: job.job as string });
    }
    expect(credited.length).toBeGreaterThan(20);
    for (const entry of credited) {
      const credit = await get(`/3/credit/${entry.credit_id}`);
      expect(credit.id).toBe(entry.credit_id);
      expect((credit.person as Json).id, entry.credit_id).toBe(entry.id);
      if (entry.character !== undefined) expect((credit.media as Json).character).toBe(entry.character);
      if (entry.job !== undefined) expect(credit.job).toBe(entry.job);
    }
  });

  it("a guest star's credit lists the episodes it is in; a regular's, the seasons", async () => {
    const guest = list(await get('/3/tv/2/season/1/episode/1/credits'), 'guest_stars')[0]!;
    const credit = await get(`/3/credit/${guest.credit_id as string}`);
    const episodes = (credit.media as Json).episodes as Json[];
    expect(episodes.map((e) => `${e.season_number as number}x${e.episode_number as number}`)).toContain('1x1');
    const regular = list(await get('/3/tv/2/credits'), 'cast')[0]!;
    const media = (await get(`/3/credit/${regular.credit_id as string}`)).media as Json;
    expect((media.seasons as Json[]).length).toBeGreaterThan(0);
    expect((media.seasons as Json[]).every((season) => season.show_id === 2)).toBe(true);
  });

  it('an id no credits answer names is not found', async () => {
    const real = list(await get('/3/movie/1/credits'), 'cast')[0]!.credit_id as string;
    const altered = `${real.slice(0, 23)}${real.endsWith('0') ? '1' : '0'}`;
    for (const id of [altered, '52fe4250c3a36847f80149f3', 'not-an-id']) expect(await envelope(`/3/credit/${id}`)).toEqual({ status: 404, statusCode: 34 });
  });
});

describe("a person's ids and translations", () => {
  it('append as their own operations answer them, without the id', async () => {
    const withParts = await get('/3/person/3?append_to_response=external_ids,translations');
    const { id: _a, ...ids } = await get('/3/person/3/external_ids');
    const { id: _b, ...translations } = await get('/3/person/3/translations');
    expect(withParts.external_ids).toEqual(ids);
    expect(withParts.translations).toEqual(translations);
  });

  it('the IMDb id finds the person; an unknown person is not found', async () => {
    let found = 0;
    for (let person = 1; person <= 8; person++) {
      const { imdb_id } = await get(`/3/person/${person}/external_ids`);
      if (typeof imdb_id !== 'string') continue;
      const answer = await get(`/3/find/${imdb_id}?external_source=imdb_id`);
      expect(list(answer, 'person_results').map((p) => p.id)).toEqual([person]);
      found++;
    }
    expect(found).toBeGreaterThan(0);
    expect(await envelope('/3/person/99999999/external_ids')).toEqual({ status: 404, statusCode: 34 });
    expect(await envelope('/3/person/99999999/translations')).toEqual({ status: 404, statusCode: 34 });
  });
});

describe('searches of one kind', () => {
  it('rank as the multi search does, filtered to their kind', async () => {
    const name = (list(await get('/3/person/popular'))[0]!.name as string).split(' ')[0]!;
    for (const [path, kind, query] of [['/3/search/movie', 'movie', 'the'], ['/3/search/tv', 'tv', 'the'], ['/3/search/person', 'person', name]] as const) {
      const typed = list(await get(`${path}?query=${query}`)).map((item) => item.id);
      const multi = list(await get(`/3/search/multi?query=${query}&page=1`))
        .concat(list(await get(`/3/search/multi?query=${query}&page=2`)), list(await get(`/3/search/multi?query=${query}&page=3`)))
        .filter((item) => item.media_type === kind)
        .map((item) => item.id);
      expect(typed.length, path).toBeGreaterThan(0);
      expect(multi.slice(0, typed.length), path).toEqual(typed.slice(0, multi.length));
    }
  });

  it('filter films by year and release country, series by first air year, and page without overlap', async () => {
    const all = await get('/3/search/movie?query=the');
    const year = ((list(all)[0]!.release_date as string) || day(0)).slice(0, 4);
    const inYear = await get(`/3/search/movie?query=the&primary_release_year=${year}`);
    expect(list(inYear).length).toBeGreaterThan(0);
    expect(list(inYear).every((m) => (m.release_date as string).startsWith(`${year}-`))).toBe(true);
    expect(inYear.total_results as number).toBeLessThan(all.total_results as number);
    expect((await get(`/3/search/movie?query=the&year=${year}`)).total_results).toBe(inYear.total_results);
    const inGermany = await get('/3/search/movie?query=the&region=DE');
    expect(inGermany.total_results as number).toBeLessThanOrEqual(all.total_results as number);
    expect(list(inGermany).length).toBeGreaterThan(0);
    // A region that is no ISO 3166-1 code matches no release, as on the lists of films.
    expect((await get('/3/search/movie?query=the&region=XX')).total_results).toBe(0);
    const series = list(await get('/3/search/tv?query=the'))[0]!;
    const firstYear = (series.first_air_date as string).slice(0, 4);
    const aired = await get(`/3/search/tv?query=the&first_air_date_year=${firstYear}`);
    expect(list(aired).every((s) => (s.first_air_date as string).startsWith(`${firstYear}-`))).toBe(true);
    expect(list(aired).map((s) => s.id)).toContain(series.id);
    const page1 = list(await get('/3/search/movie?query=the&page=1')).map((m) => m.id);
    const page2 = list(await get('/3/search/movie?query=the&page=2')).map((m) => m.id);
    expect(page1.filter((id) => page2.includes(id))).toEqual([]);
  });
});

describe('the change log', () => {
  const range = `start_date=${day(-13)}&end_date=${day(0)}`;

  it('lists exactly the records whose own logs hold changes in the range, both ways', async () => {
    for (const [kind, count] of [['movie', 210], ['tv', 90], ['person', 150]] as const) {
      const changed = list(await get(`/3/${kind}/changes?${range}`)).map((entry) => entry.id as number);
      expect(changed.length, kind).toBeGreaterThan(0);
      const listed = new Set(changed);
      // Every listed record and a run of others, read one by one.
      for (let id = 1; id <= Math.min(count, 40); id++) listed.add(id);
      for (const id of listed) {
        const { changes } = await get(`/3/${kind}/${id}/changes?${range}`);
        const times = (changes as Json[]).flatMap((change) => (change.items as Json[]).map((item) => item.time as string));
        expect(times.length > 0, `${kind} ${id}`).toBe(changed.includes(id));
        for (const time of times) expect(time >= `${day(-13)} 00:00:00 UTC` && time <= `${day(0)} 12:00:00 UTC`, time).toBe(true);
      }
    }
  });

  it('a series edit names the season it touched by its id, and the season the episode', async () => {
    let seasons = 0;
    let episodes = 0;
    for (const { id } of list(await get(`/3/tv/changes?${range}`))) {
      const { changes } = await get(`/3/tv/${id as number}/changes?${range}`);
      for (const item of ((changes as Json[]).find((c) => c.key === 'season')?.items ?? []) as Json[]) {
        const { season_id, season_number } = item.value as { season_id: number; season_number: number };
        expect((await get(`/3/tv/${id as number}/season/${season_number}`)).id).toBe(season_id);
        const log = await get(`/3/tv/season/${season_id}/changes?${range}`);
        expect((log.changes as Json[]).length).toBeGreaterThan(0);
        seasons++;
        for (const entry of ((log.changes as Json[]).find((c) => c.key === 'episode')?.items ?? []) as Json[]) {
          const { episode_id, episode_number } = entry.value as { episode_id: number; episode_number: number };
          expect((await get(`/3/tv/${id as number}/season/${season_number}/episode/${episode_number}`)).id).toBe(episode_id);
          expect(((await get(`/3/tv/episode/${episode_id}/changes?${range}`)).changes as Json[]).length).toBeGreaterThan(0);
          episodes++;
        }
      }
    }
    expect(seasons).toBeGreaterThan(0);
    expect(episodes).toBeGreaterThan(0);
  });

  it('covers the last day by default, and refuses a range over 14 days, backwards, or a date not YYYY-MM-DD', async () => {
    const lastDay = list(await get('/3/movie/changes')).map((entry) => entry.id);
    expect(lastDay).toEqual(list(await get(`/3/movie/changes?start_date=${day(-1)}&end_date=${day(0)}`)).map((entry) => entry.id));
    expect(await envelope(`/3/movie/changes?start_date=${day(-15)}&end_date=${day(0)}`)).toEqual({ status: 422, statusCode: 20 });
    expect(await envelope(`/3/movie/1/changes?start_date=${day(0)}&end_date=${day(-2)}`)).toEqual({ status: 422, statusCode: 20 });
    expect(await envelope('/3/person/changes?start_date=2025-02-30')).toEqual({ status: 400, statusCode: 23 });
    expect(await envelope('/3/tv/changes?end_date=14.03.2025')).toEqual({ status: 400, statusCode: 23 });
    expect(await envelope('/3/tv/season/99999999/changes')).toEqual({ status: 404, statusCode: 34 });
    expect(await envelope('/3/tv/episode/10199/changes')).toEqual({ status: 404, statusCode: 34 });
  });

  it('an edit shows once its moment has passed, and a past day never changes', async () => {
    const today = `start_date=${day(0)}&end_date=${day(0)}`;
    const yesterday = `start_date=${day(-1)}&end_date=${day(-1)}`;
    const before = list(await get(`/3/movie/changes?${today}`)).map((entry) => entry.id as number);
    const pastBefore = list(await get(`/3/movie/changes?${yesterday}`)).map((entry) => entry.id);
    t.clock.advance(11 * 3_600_000);
    try {
      const after = list(await get(`/3/movie/changes?${today}`)).map((entry) => entry.id as number);
      expect(after.length).toBeGreaterThan(before.length);
      expect(before.every((id) => after.includes(id))).toBe(true);
      expect(list(await get(`/3/movie/changes?${yesterday}`)).map((entry) => entry.id)).toEqual(pastBefore);
    } finally {
      t.clock.advance(-11 * 3_600_000);
    }
  });
});

describe('converting a version 4 token', () => {
  it("is refused with the service's envelope, saying it needs the version 4 interface", async () => {
    const response = await t.raw('POST', '/3/authentication/session/convert/4', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: 'a-version-4-token' }),
    });
    expect(response.status).toBe(401);
    const body = response.json as Json;
    expect(body).toMatchObject({ success: false, status_code: 3 });
    expect(body.status_message).toMatch(/^Authentication failed: .*needs the version 4 interface/);
    const anonymous = await t.raw('POST', '/3/authentication/session/convert/4', { auth: false, body: '{}', headers: { 'content-type': 'application/json' } });
    expect([anonymous.status, (anonymous.json as Json).status_code]).toEqual([401, 7]);
  });
});
