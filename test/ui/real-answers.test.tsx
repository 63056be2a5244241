import { beforeAll, describe, expect } from 'vitest';
import { ContractMismatchError } from '../../src/api/errors.js';
import { operations, parseWith, type OperationKey } from '../../src/contract/index.js';
import type { CatalogApi, NavigationSlice } from '../../src/state/index.js';
import { serverBodies } from '../contract/modern-bodies.js';
import { readFileSync } from 'node:fs';
import { readFixture } from '../fixtures.js';
import { storeTest, type App } from '../store-test.js';

/**
 * Screens on recorded answers of the real service, where the order, the names and the fields
 * left out are the service's own, not the embedded catalog's.
 */

const it = storeTest.override('over', 'client');

let modern = new Map<OperationKey, unknown>();

beforeAll(async () => {
  modern = new Map((await serverBodies()).map((b) => [b.key, b.body]));
}, 60_000);

type Record = { [field: string]: unknown };

/** A client answering `given` operations with those bodies, the others with the embedded server's. */
function recordedApi(given: Partial<{ [K in OperationKey]: unknown }>): CatalogApi {
  return {
    async call(key) {
      const body = key in given ? given[key] : modern.get(key);
      const outcome = parseWith(operations[key].response, body);
      if (!outcome.ok) throw new ContractMismatchError(operations[key].id, outcome.problems, key);
      return outcome.value as never;
    },
    close: async () => {},
  };
}

const show = (app: App, given: Parameters<typeof recordedApi>[0], open: (nav: NavigationSlice) => void, keys: string[] = [], size = { columns: 120, rows: 40 }) =>
  app.show(recordedApi(given), open, { keys, ...size });

const without = (record: Record, ...fields: string[]) => Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field)));
const fightClub = readFixture('E1-movie-latest.chiiya.json') as Record;

describe('recorded answers', () => {
  it("a collection's parts by release date, as the service keeps them in the order they were added", async ({ app }) => {
    const frame = await show(app, { collectionDetails: readFixture('E9-collection.chiiya.json') }, (nav) => nav.push('movies.collection', { id: 10, title: 'Star Wars Collection' }));
    const order = ['Star Wars: The Force Awakens', 'Star Wars: The Last Jedi', 'Star Wars: The Rise of Skywalker'].map((title) => frame.indexOf(title));
    expect(order.every((at) => at >= 0), frame).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('a film without original_language shows no language beside its original title', async ({ app }) => {
    const frame = await show(app, { movieDetails: without(fightClub, 'original_language') }, (nav) => nav.push('movies.detail', { id: 550, title: 'Fight Club' }));
    expect(frame).toMatch(/Original title\s+Fight Club\s*$/m);
    expect(frame).not.toContain('untagged');
  });

  it('a film of an hour reads 1h', async ({ app }) => {
    const frame = await show(app, { movieDetails: { ...fightClub, runtime: 60 } }, (nav) => nav.push('movies.detail', { id: 550, title: 'Fight Club' }));
    expect(frame).toMatch(/\b1h\b/);
    expect(frame).not.toContain('1h 0m');
  });

  it('an old answer of now playing without dates', async ({ app }) => {
    const upcoming = without(readFixture('E14-movie-upcoming.chiiya.json') as Record, 'dates');
    const frame = await show(app, { nowPlayingMovies: upcoming }, () => {}, ['n']);
    expect(frame).toContain('In cinemas now');
    expect(frame).not.toContain('In cinemas …');
  });

  it('an old answer of upcoming without dates', async ({ app }) => {
    const upcoming = without(readFixture('E14-movie-upcoming.chiiya.json') as Record, 'dates');
    const frame = await show(app, { upcomingMovies: upcoming }, () => {}, ['u']);
    expect(frame).toContain('Release dates not given');
    expect(frame).not.toContain('Release dates …');
  });

  it('images the service tags cn are in Cantonese', async ({ app }) => {
    const images = readFixture('E22-movie-images.chiiya.json') as { posters: Record[] };
    const posters = images.posters.map((poster, i) => (i === 0 ? { ...poster, iso_639_1: 'cn' } : poster));
    const frame = await show(app, { movieDetails: without(fightClub, 'images'), movieImages: { ...images, posters } }, (nav) => nav.push('movies.detail', { id: 550, title: 'Fight Club' }), ['i']);
    expect(frame).toContain('Cantonese');
    expect(frame).not.toMatch(/\bcn\b/);
  });

  it('an old season 0 without a name is the specials', async ({ app }) => {
    const boys = readFixture('E16-tv-latest.chiiya.json') as { seasons: Record[] };
    const seasons = boys.seasons.map((season) => (season.season_number === 0 ? without(season, 'name') : season));
    const frame = await show(app, { tvDetails: { ...boys, seasons } }, (nav) => nav.push('tv.detail', { id: 76479, title: 'The Boys' }));
    expect(frame).toMatch(/^\s*Specials\s/m);
    expect(frame).not.toContain('Season 0');
  });
});

/** A body of this folder's recordings (the service's documented examples, where no client library recorded one). */
const recording = (name: string): unknown => JSON.parse(readFileSync(new URL(`./recordings/${name}`, import.meta.url), 'utf8'));

const theBoys = readFixture('E16-tv-latest.chiiya.json') as Record;

describe('columns sized for real data', () => {
  it("a film's certifications: a release without a label keeps its column", async ({ app }) => {
    const frame = await show(app, { movieDetails: fightClub, movieReleaseDates: recording('movie-release-dates.550.json') }, (nav) => nav.push('movies.detail', { id: 550, title: 'Fight Club' }), ['A']);
    expect(frame).toContain('KNT/ENA');
    expect(frame).not.toMatch(/not rated\S/);
    expect(frame).toMatch(/not rated\s+Premiere/);
  });

  it('the lists that contain a film: a count of 13,754 keeps the descriptions in line', async ({ app }) => {
    const frame = await show(app, { movieDetails: fightClub, movieLists: readFixture('E12-movie-lists.jdrouet.json') }, (nav) => nav.push('movies.detail', { id: 550, title: 'Fight Club' }), ['l']);
    const rows = frame.split('\n').filter((line) => /\d movies\b/.test(line));
    expect(rows.some((row) => row.includes('13,754 movies'))).toBe(true);
    // The counts end in one column, whatever their length.
    const ends = new Set(rows.map((row) => row.indexOf(' movies') + ' movies'.length));
    expect([...ends]).toHaveLength(1);
    const described = rows.find((row) => row.includes('Master List In Progress'))!;
    expect(described.indexOf('Master List')).toBeGreaterThan([...ends][0]!);
  });

  it("a series' episode groups with the service's long names keep their counts at 80 columns", async ({ app }) => {
    const groups = {
      id: 76479,
      results: [
        { id: '5d7c5b4a3a4a12001d9c5a10', name: 'DVD order with double episodes in single files.', description: '', episode_count: 73, group_count: 9, type: 3, network: null },
        { id: '5d7c5b4a3a4a12001d9c5a11', name: 'Aired order', description: '', episode_count: 32, group_count: 4, type: 1, network: null },
      ],
    };
    // 80 columns, and 60 (what the text has at 80 with the poster beside it).
    for (const columns of [80, 60]) {
      const frame = await show(app, { tvDetails: theBoys, seriesEpisodeGroups: groups }, (nav) => nav.push('tv.detail', { id: 76479, title: 'The Boys' }), [], { columns, rows: 90 });
      const lines = frame.split('\n');
      const dvd = lines.find((line) => line.includes('DVD order'))!;
      expect(dvd, frame).toContain('73 episodes · 9 parts');
      const aired = lines.find((line) => line.includes('Aired order'))!;
      expect(aired, frame).toContain('32 episodes · 4 parts');
      // The counts begin in one column.
      expect(dvd.indexOf('73 episodes')).toBe(aired.indexOf('32 episodes'));
    }
  });

  it('a series opens at its top at 80x24', async ({ app }) => {
    // A series with an overview as long as the service's run (Ulice's, of the popular series).
    const ulice = (readFixture('E18-tv-popular.spec.json') as { results: Record[] }).results.find((series) => series.name === 'Ulice')!;
    const series = { ...theBoys, overview: ulice.overview };
    const frame = await show(app, { tvDetails: series }, (nav) => nav.push('tv.detail', { id: 76479, title: 'The Boys' }), [], { columns: 80, rows: 24 });
    expect(frame).toContain('Never meet your heroes.');
    expect(frame).toContain('Returning Series');
    expect(frame).toMatch(/lines 1–/);
  });
});
