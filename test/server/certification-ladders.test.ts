import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieCertificationsBody, tvCertificationsBody } from '../../src/server/catalog/certifications.js';
import { DEFAULT_CATALOG_SIZE } from '../../src/server/catalog/shape.js';
import { startServer } from '../../src/server/index.js';
import { FIXTURE_DIR } from '../fixtures.js';
import { TEST_CATALOG_SIZE, type TestServer, refusal, startTestServer } from './harness.js';

/**
 * The embedded catalog's certification lists are the real service's recorded answers, and every
 * title's own certifications (a film's release dates, a series' content ratings) are what
 * discover's certification filters find, country by country, label by label.
 */

type Entry = { certification: string; meaning: string; order: number };
type Lists = Record<string, Entry[]>;

/** The example answer of a certification list in the service's OpenAPI description. */
function openapiExample(kind: 'movie' | 'tv'): Lists {
  const openapi = JSON.parse(readFileSync(join(FIXTURE_DIR, '..', 'openapi.json'), 'utf8')) as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { examples: { Result: { value: string } } } } } } } }>;
  };
  const value = openapi.paths[`/3/certification/${kind}/list`]!.get.responses[200].content['application/json'].examples.Result.value;
  return (JSON.parse(value) as { certifications: Lists }).certifications;
}

/**
 * The lists recorded on 28 Oct 2024 for the tmdb-api Rust crate's tests (a fork's assets
 * folder, fetched from the service by its refresh script), kept here whole: the newest
 * recordings we have.
 */
const RECORDINGS = join(dirname(fileURLToPath(import.meta.url)), 'recordings');

function readLists(file: string): Lists {
  return (JSON.parse(readFileSync(file, 'utf8')) as { certifications: Lists }).certifications;
}

/**
 * Every recording of a kind's list, oldest first, merged: a country any of them has, as the
 * newest that has it has it (the service changes a ladder now and then: South Korea's films
 * went from All and 18 to ALL and 19).
 */
function recorded(kind: 'movie' | 'tv'): Lists {
  const oldestFirst: Lists[] = [openapiExample(kind)];
  if (kind === 'tv') oldestFirst.push(readLists(join(FIXTURE_DIR, 'E21-certification-tv.chiiya.json')));
  oldestFirst.push(readLists(join(RECORDINGS, `certification-${kind}-list.2024-10-28.json`)));
  return Object.assign({}, ...oldestFirst) as Lists;
}

const sorted = (entries: readonly Entry[]) => [...entries].sort((a, b) => a.certification.localeCompare(b.certification));

describe('the certification lists', () => {
  it.each([
    ['movie', movieCertificationsBody],
    ['tv', tvCertificationsBody],
  ] as const)('%s: every country and label of the recordings, with their orders and meanings, in the order they come', (kind, body) => {
    const theirs = recorded(kind);
    expect(Object.keys(body.certifications).sort()).toEqual(Object.keys(theirs).sort());
    for (const [country, entries] of Object.entries(theirs)) {
      expect(body.certifications[country], `${kind} ${country}`).toEqual(entries);
    }
  });
});

describe("discover by certification and the titles' own certifications", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** Every id of a discover answer, all pages. */
  async function allIds(kind: 'movie' | 'tv', query: Record<string, string>): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const answer =
        kind === 'movie'
          ? // Films made as videos are left out unless asked for; they are rated too.
            await t.client.call('discoverMovies', { query: { ...query, include_video: true, page } })
          : await t.client.call('discoverSeries', { query: { ...query, page } });
      ids.push(...answer.results.map((r) => r.id));
      if (page >= answer.total_pages) {
        expect(ids.length).toBe(answer.total_results);
        return ids.sort((a, b) => a - b);
      }
    }
  }

  /** country -> label -> the ids of the titles that carry it, read from each title's own answer. */
  async function ownCertifications(kind: 'movie' | 'tv'): Promise<Map<string, Map<string, number[]>>> {
    const held = new Map<string, Map<string, number[]>>();
    const note = (country: string, label: string, id: number) => {
      const labels = held.get(country) ?? held.set(country, new Map()).get(country)!;
      const ids = labels.get(label) ?? labels.set(label, []).get(label)!;
      if (!ids.includes(id)) ids.push(id);
    };
    const count = kind === 'movie' ? Math.round(TEST_CATALOG_SIZE * 0.7) : TEST_CATALOG_SIZE - Math.round(TEST_CATALOG_SIZE * 0.7);
    for (let id = 1; id <= count; id++) {
      if (kind === 'movie') {
        const { results } = await t.client.call('movieReleaseDates', { path: { movie_id: id } });
        for (const country of results) {
          for (const date of country.release_dates) if (date.certification) note(country.iso_3166_1, date.certification, id);
        }
      } else {
        const { results } = await t.client.call('seriesContentRatings', { path: { series_id: id } });
        for (const rating of results) note(rating.iso_3166_1, rating.rating, id);
      }
    }
    return held;
  }

  it.each(['movie', 'tv'] as const)('%s: for every country and label, discover finds exactly the titles that carry it', async (kind) => {
    const held = await ownCertifications(kind);
    const lists = kind === 'movie' ? movieCertificationsBody.certifications : tvCertificationsBody.certifications;
    // Every label a title carries is one of its country's list.
    for (const [country, labels] of held) {
      for (const label of labels.keys()) expect(lists[country]?.map((e) => e.certification), `${kind} ${country}`).toContain(label);
    }
    // Every country of the lists rates some titles, so none of its pages is empty; Quebec is no
    // country a release is dated or a series rated in (nor is it with the real service).
    expect([...held.keys()].sort()).toEqual(Object.keys(lists).filter((country) => country !== 'CA-QC').sort());
    let nonEmpty = 0;
    for (const [country, entries] of Object.entries(lists)) {
      for (const { certification } of entries) {
        const expected = [...(held.get(country)?.get(certification) ?? [])].sort((a, b) => a - b);
        const found = await allIds(kind, { certification_country: country, certification });
        expect(found, `${kind} ${country} ${certification}`).toEqual(expected);
        if (expected.length > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
    // "Not rated" labels are carried too, by a few titles, as with the real service: the United
    // States' NR lists films and series. The order does not say which labels those are: British
    // TV's U and South Korean films' ALL are order 0, and are ratings.
    expect(held.get('US')?.get('NR')?.length ?? 0, `${kind} US NR`).toBeGreaterThan(0);
    const notRated = [...held.values()].reduce((n, labels) => n + (labels.get('NR')?.length ?? 0) + (labels.get('UR')?.length ?? 0), 0);
    const all = [...held.values()].reduce((n, labels) => n + [...labels.values()].reduce((m, ids) => m + ids.length, 0), 0);
    expect(notRated / all, 'a few, not many').toBeLessThan(0.1);
    const [country, label] = kind === 'movie' ? ['KR', 'ALL'] : ['GB', 'U'];
    expect(held.get(country)?.get(label)?.length ?? 0, `${kind} ${country} ${label}`).toBeGreaterThan(0);
  }, 120_000);

  it.each(['movie', 'tv'] as const)('%s: "or below" (certification.lte) finds the titles rated at that order or milder', async (kind) => {
    const held = await ownCertifications(kind);
    const lists = kind === 'movie' ? movieCertificationsBody.certifications : tvCertificationsBody.certifications;
    for (const country of ['US', 'GB', 'DE']) {
      const ladder = lists[country]!;
      for (const { certification, order } of ladder) {
        const milder = new Set(ladder.filter((e) => e.order <= order).map((e) => e.certification));
        const expected = [...(held.get(country) ?? new Map<string, number[]>())]
          .filter(([label]) => milder.has(label))
          .flatMap(([, ids]) => ids)
          .sort((a, b) => a - b);
        expect(await allIds(kind, { certification_country: country, 'certification.lte': certification }), `${kind} ${country} <= ${certification}`).toEqual(
          [...new Set(expected)],
        );
      }
    }
  }, 60_000);

  it.each(['movie', 'tv'] as const)('%s: an unknown country or a label outside the ladder is refused with the labels to choose from', async (kind) => {
    const discover = (query: Record<string, string>) =>
      kind === 'movie' ? t.client.call('discoverMovies', { query }) : t.client.call('discoverSeries', { query });
    const unknownCountry = await refusal(discover({ certification_country: 'XX', certification: 'PG' }));
    expect(unknownCountry).toMatchObject({ httpStatus: 422, statusCode: 5 });
    expect(unknownCountry.statusMessage).toMatch(/"XX" has no (movie|TV) certifications/);
    const badLabel = await refusal(discover({ certification_country: 'US', certification: 'PG-14' }));
    expect(badLabel).toMatchObject({ httpStatus: 422, statusCode: 5 });
    expect(badLabel.statusMessage).toMatch(
      kind === 'movie' ? /its labels are NR, G, PG, PG-13, R, NC-17\./ : /its labels are NR, TV-Y, TV-Y7, TV-G, TV-PG, TV-14, TV-MA\./,
    );
  });
});

describe('the catalog the TUI opens on (its default size)', () => {
  it("lists titles for every label of every country, not rated (US NR) included; Quebec's aside", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-labels-'));
    const server = await startServer({ dataDir: dir, catalogSize: DEFAULT_CATALOG_SIZE });
    try {
      const get = async <T>(path: string) => (await (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}` } })).json()) as T;
      const empty: string[] = [];
      for (const kind of ['movie', 'tv'] as const) {
        const { certifications } = await get<{ certifications: Record<string, Array<{ certification: string }>> }>(`/3/certification/${kind}/list`);
        for (const [country, entries] of Object.entries(certifications)) {
          if (country === 'CA-QC') continue;
          for (const { certification } of entries) {
            const found = await get<{ total_results: number }>(`/3/discover/${kind}?certification_country=${country}&certification=${encodeURIComponent(certification)}${kind === 'movie' ? '&include_video=true' : ''}`);
            if (found.total_results === 0) empty.push(`${kind} ${country} ${certification}`);
          }
        }
      }
      expect(empty).toEqual([]);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
