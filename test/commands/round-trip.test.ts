import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from '../../src/commands/import.js';
import { marqueeExport } from '../../src/transfers/index.js';
import type { MarqueeExport } from '../../src/transfers/marquee-format.js';
import { letterboxdStars } from '../../src/transfers/export-formats.js';
import { UserStore } from '../../src/server/userdata/store.js';
import { fileRatingDates, saveStoredSession, serviceKey } from '../../src/storage/index.js';
import { signIn, startTestServer, type TestServer } from '../server/harness.js';
import { exportEnv, runExport } from './export-support.js';

/**
 * An account exported in every format and imported into a fresh account, then exported again
 * and compared field by field with the first export: dated ratings (half points), the watchlist,
 * favourites, lists with descriptions, an empty list, the order of the lists and of their items.
 * What a format cannot carry is named where it is left out of the comparison.
 */

let t: TestServer;
let home: string;
const secrets: string[] = [];
/** The account exported: its data folder holds its session and its record of rating dates. */
let source: { data: string; account: number };
let original: MarqueeExport;
let films: number[];

/** A new account on the same service, signed in with its own data folder. */
async function freshAccount(username: string): Promise<{ data: string; account: number; sessionId: string }> {
  const users = UserStore.open(t.dataDir);
  try {
    users.accounts.create({ username, password: `${username}-password` }, new Date());
  } finally {
    users.close();
  }
  const sessionId = await signIn(t, { username, password: `${username}-password` });
  secrets.push(sessionId);
  const data = join(home, username);
  saveStoredSession(data, serviceKey(t.server.url), { kind: 'user', id: sessionId });
  return { data, account: (await t.client.call('accountOfSession', { session: { sessionId } })).id, sessionId };
}

const env = (data: string) => exportEnv(t, home, data);

async function exportOf(data: string, format = 'json'): Promise<string> {
  const result = await runExport(['--format', format], env(data), [...secrets, t.server.token]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

async function importInto(data: string, file: string): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runImportCommand([file], {
    env: env(data),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    retry: { maxRetries: 0 },
  });
  // Nothing but progress (import-progress.test.ts checks how much).
  expect(stderr.split('\n').filter((line) => line !== '' && !/^marquee import: (matching|importing) \d+\/\d+ rows$/.test(line))).toEqual([]);
  expect(code).toBe(0);
  return stdout;
}

/** The export as compared: its time of writing left out. */
const comparable = (data: MarqueeExport) => ({ ...data, exported_at: null });

beforeAll(async () => {
  t = await startTestServer();
  home = mkdtempSync(join(tmpdir(), 'marquee-round-trip-'));
  const from = await freshAccount('exporter');
  source = from;
  const session = { sessionId: from.sessionId };
  films = (await t.client.call('popularMovies', { query: { page: 1 } })).results.map((m) => m.id).slice(0, 6);
  const series = (await t.client.call('popularTv', { query: { page: 1 } })).results[0]!.id;
  const [f1, f2, f3, f4, f5, f6] = films as [number, number, number, number, number, number];
  // Ratings with half points; the service gives no date, the record of rating dates does.
  await t.client.call('rateMovie', { path: { movie_id: f1 }, body: { value: 7.5 }, session });
  await t.client.call('rateMovie', { path: { movie_id: f2 }, body: { value: 4 }, session });
  await t.client.call('rateSeries', { path: { series_id: series }, body: { value: 8.5 }, session });
  await t.client.call('rateEpisode', { path: { series_id: series, season_number: 1, episode_number: 2 }, body: { value: 6.5 }, session });
  fileRatingDates(from.data, t.server.url).save({ kind: 'account', accountId: from.account }, [
    { kind: 'movie', id: f1, value: 7.5, ratedAt: '2021-03-04T05:06:07.000Z' },
    { kind: 'movie', id: f2, value: 4, ratedAt: '2022-11-30T23:59:00.000Z' },
    { kind: 'tv', id: series, value: 8.5, ratedAt: '2023-01-02T03:04:05.000Z' },
    { kind: 'episode', id: series, season: 1, episode: 2, value: 6.5, ratedAt: '2024-06-07T08:09:10.000Z' },
  ]);
  await t.client.call('setWatchlist', { path: { account_id: from.account }, body: { media_type: 'movie', media_id: f3, watchlist: true }, session });
  await t.client.call('setWatchlist', { path: { account_id: from.account }, body: { media_type: 'tv', media_id: series, watchlist: true }, session });
  await t.client.call('setFavorite', { path: { account_id: from.account }, body: { media_type: 'movie', media_id: f4, favorite: true }, session });
  // Three lists, one empty, each with a description; the service lists the newest first.
  const make = async (name: string, description: string, items: number[]) => {
    const { list_id } = await t.client.call('createList', { body: { name, description }, session });
    for (const media_id of items) await t.client.call('addListItem', { path: { list_id }, body: { media_id }, session });
  };
  await make('Oldest', 'made first', [f5, f6]);
  await make('To clear', 'nothing in it yet', []);
  await make('Newest', 'made last', [f6, f1, f5]);
  original = marqueeExport.parse(JSON.parse(await exportOf(from.data)));
});
afterAll(async () => {
  await t.dispose();
  rmSync(home, { recursive: true, force: true });
});

describe('export, then import into a fresh account', () => {
  it('holds what the account holds, dates from the record of rating dates', () => {
    expect(original.ratings.map((r) => [r.media_type, r.rating, r.rated_at])).toEqual(expect.arrayContaining([
      ['movie', 7.5, '2021-03-04T05:06:07.000Z'],
      ['movie', 4, '2022-11-30T23:59:00.000Z'],
      ['tv', 8.5, '2023-01-02T03:04:05.000Z'],
      ['episode', 6.5, '2024-06-07T08:09:10.000Z'],
    ]));
    expect(original.lists.map((l) => [l.name, l.description, l.items.length])).toEqual([
      ['Newest', 'made last', 3],
      ['To clear', 'nothing in it yet', 0],
      ['Oldest', 'made first', 2],
    ]);
  });

  it('JSON carries everything', async () => {
    const to = await freshAccount('from-json');
    const file = join(home, 'export.json');
    await runExport(['--out', file], env(source.data), secrets);
    const report = await importInto(to.data, file);
    expect(report).toContain('Lists made: 3 ("Newest", "To clear", "Oldest")\n');
    const back = marqueeExport.parse(JSON.parse(await exportOf(to.data)));
    expect(comparable(back)).toEqual(comparable(original));
    // A second export and import changes nothing, the order of the lists included.
    const again = await freshAccount('from-json-again');
    const second = join(home, 'export-again.json');
    await runExport(['--out', second], env(to.data), secrets);
    await importInto(again.data, second);
    expect(comparable(marqueeExport.parse(JSON.parse(await exportOf(again.data))))).toEqual(comparable(original));
  });

  it('keeps the order of the lists (the service lists the newest first)', async () => {
    const to = await freshAccount('list-order');
    const file = join(home, 'lists-only.json');
    const filled = original.lists.filter((list) => list.items.length > 0);
    writeFileSync(file, JSON.stringify({ ...original, ratings: [], watchlist: [], favorites: [], lists: filled }));
    await importInto(to.data, file);
    const back = marqueeExport.parse(JSON.parse(await exportOf(to.data)));
    expect(back.lists.map((list) => list.name)).toEqual(['Newest', 'Oldest']);
  });

  it('a rating the account holds as the file says keeps the date recorded before (nothing was written)', async () => {
    const to = await freshAccount('dated-before');
    const [f1, f2] = films as [number, number];
    await t.client.call('rateMovie', { path: { movie_id: f1 }, body: { value: 7.5 }, session: { sessionId: to.sessionId } });
    await t.client.call('rateMovie', { path: { movie_id: f2 }, body: { value: 4 }, session: { sessionId: to.sessionId } });
    const rater = { kind: 'account', accountId: to.account } as const;
    // The first was dated by an earlier import; the second was rated elsewhere, so undated.
    fileRatingDates(to.data, t.server.url).save(rater, [{ kind: 'movie', id: f1, value: 7.5, ratedAt: '2019-01-01' }]);
    const file = join(home, 'ratings-again.json');
    writeFileSync(file, JSON.stringify({ ...original, watchlist: [], favorites: [], lists: [] }));
    const report = await importInto(to.data, file);
    expect(report).toMatch(/unchanged \(already so on the account\) +2\n/);
    const dated = fileRatingDates(to.data, t.server.url).load(rater).filter((entry) => entry.kind === 'movie');
    expect(dated.map((entry) => [entry.id, entry.ratedAt]).sort()).toEqual([[f1, '2019-01-01'], [f2, '2022-11-30T23:59:00.000Z']].sort());
  });

  it('CSV carries everything, empty lists and descriptions in its list-info rows', async () => {
    const to = await freshAccount('from-csv');
    const file = join(home, 'export.csv');
    await runExport(['--format', 'csv', '--out', file], env(source.data), secrets);
    expect(readFileSync(file, 'utf8')).toContain('\nlist-info,To clear,,,,,,,,,,,,nothing in it yet\n');
    const report = await importInto(to.data, file);
    expect(report).toContain('Lists made: 3');
    const back = marqueeExport.parse(JSON.parse(await exportOf(to.data)));
    expect(comparable(back)).toEqual(comparable(original));
  });

  it('Letterboxd carries rated films only, in whole points (half stars), dated by day', async () => {
    const to = await freshAccount('from-letterboxd');
    const file = join(home, 'letterboxd.csv');
    await runExport(['--format', 'letterboxd', '--out', file], env(source.data), secrets);
    await importInto(to.data, file);
    const back = marqueeExport.parse(JSON.parse(await exportOf(to.data)));
    const ratedFilms = original.ratings.filter((r) => r.media_type === 'movie');
    // A half star is one point of the service's scale: 7.5 comes back as 8. A date is a day.
    expect(back.ratings).toEqual(ratedFilms.map((r) => ({ ...r, rating: letterboxdStars(r.rating) * 2, rated_at: r.rated_at!.slice(0, 10) })));
    // Series, episodes, the watchlist, favourites and lists are not in Letterboxd's file.
    expect([back.watchlist, back.favorites, back.lists]).toEqual([[], [], []]);
  });
});
