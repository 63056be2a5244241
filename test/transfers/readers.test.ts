import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ImportFileError, type ImportRow, readImportData, readImportFile } from '../../src/transfers/index.js';
import { reportCsv } from '../../src/transfers/report.js';
import { thrownBy } from '../thrown.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => join(FIXTURES, name);
const bytes = (name: string) => readFileSync(fixture(name));
const text = (value: string) => new TextEncoder().encode(value);
const dir = mkdtempSync(join(tmpdir(), 'marquee-import-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fields a test compares: everything but the original entry. */
const brief = (row: ImportRow) => {
  const { origin, ...rest } = row;
  return { ...rest, line: origin.line };
};

/** The error a read refuses with. */
const refusal = (read: () => unknown): ImportFileError => thrownBy(ImportFileError, read, 'the file to be refused');

describe('IMDb ratings', () => {
  it('reads the 2024 layout: BOM, CRLF, quoted commas and quotes, every title type', async () => {
    const file = await readImportFile(fixture('imdb-ratings.csv'));
    expect(file.source).toBe('imdb');
    expect(file.parts).toEqual([{ file: fixture('imdb-ratings.csv'), part: 'imdb-ratings', rows: 9 }]);
    const rows = file.rows.map(brief);
    expect(rows[0]).toEqual({
      kind: 'rating', source: 'imdb', mediaType: 'movie', ids: { imdb: 'tt0068646' }, title: 'The Godfather', year: 1972,
      rating: 10, date: '2023-01-15', line: 2,
    });
    expect(rows.map((r) => [r.title, r.mediaType ?? r.otherType, r.rating, r.line])).toEqual([
      ['The Godfather', 'movie', 10, 2],
      ['Crouching Tiger, Hidden Dragon', 'movie', 8, 3],
      ['Breaking Bad', 'tv', 9, 4],
      ['Black Mirror: The Entire History of You', 'episode', 7, 5],
      ['Planet Earth', 'tv', 9, 6],
      ['Army of Darkness ("Director\'s Cut")', 'movie', 6, 7],
      ['Kung Fu Panda', 'movie', 5, 8],
      ['Big Buck Bunny', 'movie', 4, 9],
      ['Fortnite', 'Video Game', 3, 10],
    ]);
    // The original row keeps every column, for the report.
    expect(file.rows[1]!.origin.original).toMatchObject({ Genres: 'Action, Adventure, Drama, Romance', 'Original Title': 'Wo hu cang long' });
  });

  it('reads the older layout with camelCase title types', async () => {
    const file = await readImportFile(fixture('imdb-ratings-2019.csv'));
    expect(file.rows.map((r) => [r.ids.imdb, r.mediaType, r.rating, r.year])).toEqual([
      ['tt0068646', 'movie', 10, 1972],
      ['tt0944947', 'tv', 9, 2011],
      ['tt1475582', 'tv', 8, 2010],
      ['tt1480055', 'episode', 9, 2011],
    ]);
  });

  it('reads the watchlist: empty ratings are no rating, a rated title keeps its rating', async () => {
    const file = await readImportFile(fixture('WATCHLIST.csv'));
    expect(file.parts[0]!.part).toBe('imdb-watchlist');
    expect(file.rows.map((r) => [r.kind, r.title, r.mediaType, r.rating, r.date])).toEqual([
      ['watchlist', 'Lawrence of Arabia', 'movie', undefined, '2024-01-02'],
      ['watchlist', 'Friends', 'tv', undefined, '2024-01-05'],
      ['watchlist', 'The Godfather', 'movie', 10, '2024-02-01'],
    ]);
  });

  it('reads a list export with the watchlist columns as a list named after the file', () => {
    const file = readImportData(bytes('WATCHLIST.csv'), 'ls098765432.csv');
    expect(file.parts[0]!.part).toBe('imdb-list');
    expect(file.rows.every((r) => r.kind === 'list-item' && r.listName === 'ls098765432')).toBe(true);
    expect(file.lists).toEqual([{ name: 'ls098765432', description: '' }]);
  });

  it('refuses a rating outside 1..10, naming the line and column', () => {
    const csv = readFileSync(fixture('imdb-ratings-2019.csv'), 'utf8').replace('tt1475582,8,', 'tt1475582,11,');
    const error = refusal(() => readImportData(text(csv), 'ratings.csv'));
    expect(error.message).toBe('ratings.csv: line 4, column Your Rating: rating "11" is outside the scale (whole numbers from 1 to 10)');
    const half = refusal(() => readImportData(text(csv.replace(',11,', ',7.5,')), 'ratings.csv'));
    expect(half).toMatchObject({ line: 4, column: 'Your Rating' });
    const empty = refusal(() => readImportData(text(csv.replace(',11,', ',,')), 'ratings.csv'));
    expect(empty.problem).toBe('an empty rating is outside the scale (whole numbers from 1 to 10)');
  });

  it('refuses a Const that is not an IMDb id', () => {
    const csv = readFileSync(fixture('imdb-ratings-2019.csv'), 'utf8').replace('tt0944947', 'Game of Thrones');
    expect(refusal(() => readImportData(text(csv), 'r.csv'))).toMatchObject({ line: 3, column: 'Const' });
  });
});

describe('malformed CSV', () => {
  it('names the line where a quote goes wrong, and reads nothing', () => {
    const csv = 'Const,Your Rating,Date Rated,Title,Title Type,Year\ntt0068646,10,2023-01-15,The Godfather,movie,1972\ntt0190332,8,2023-02-03,"Crouching Tiger" Hidden,movie,2000\n';
    const error = refusal(() => readImportData(text(csv), 'ratings.csv'));
    expect(error.line).toBe(3);
    expect(error.message).toBe('ratings.csv: line 3, column Title: malformed CSV: a quoted field is followed by more text');
    const unclosed = refusal(() => readImportData(text(csv.replace('"Crouching Tiger" Hidden', '"Crouching Tiger')), 'ratings.csv'));
    expect(unclosed.problem).toMatch(/never closed/);
  });

  it('names a row with more cells than the header', () => {
    const csv = 'Const,Your Rating,Date Rated,Title,Title Type,Year\r\ntt0068646,10,2023-01-15,The Godfather,movie,1972,extra\r\n';
    expect(refusal(() => readImportData(text(csv), 'ratings.csv'))).toMatchObject({ line: 2 });
  });

  it('counts lines of a quoted field that spans lines, and blank lines, for the rows after it', () => {
    const csv = 'Date,Name,Year,Letterboxd URI,Rating\n2021-01-01,"Two\nLines",2000,https://boxd.it/a,4\n\n2021-01-02,After,2001,https://boxd.it/b,11\n';
    expect(refusal(() => readImportData(text(csv), 'ratings.csv'))).toMatchObject({ line: 5, column: 'Rating' });
  });
});

describe('Letterboxd', () => {
  it('ratings: half stars doubled to the service scale', async () => {
    const file = await readImportFile(fixture('letterboxd/ratings.csv'));
    expect(file.rows.map((r) => [r.kind, r.title, r.year, r.rating, r.mediaType, r.origin.line])).toEqual([
      ['rating', 'Crouching Tiger, Hidden Dragon', 2000, 9, 'movie', 2],
      ['rating', 'Paddington 2', 2017, 10, 'movie', 3],
      ['rating', 'The Room', 2003, 1, 'movie', 4],
      ['rating', 'Tenet', 2020, 6, 'movie', 5],
    ]);
  });

  it('refuses a rating that is not a half star from 0.5 to 5', () => {
    for (const bad of ['6', '0', '4.25', 'four', '-1']) {
      const csv = readFileSync(fixture('letterboxd/ratings.csv'), 'utf8').replace('Tenet,2020,https://boxd.it/hLbs,3', `Tenet,2020,https://boxd.it/hLbs,${bad}`);
      const error = refusal(() => readImportData(text(csv), 'ratings.csv'));
      expect(error.message, bad).toBe(`ratings.csv: line 5, column Rating: rating "${bad}" is outside the scale (half stars from 0.5 to 5)`);
    }
  });

  it('watchlist and watched are told apart by name; a third name is asked for', () => {
    expect(readImportData(bytes('letterboxd/watchlist.csv'), 'watchlist.csv').rows.map((r) => [r.kind, r.title])).toEqual([
      ['watchlist', 'Seven Samurai'], ['watchlist', 'Me, Myself & Irene'],
    ]);
    expect(readImportData(bytes('letterboxd/watched.csv'), 'watched.csv').rows.map((r) => r.kind)).toEqual(['watched', 'watched']);
    expect(refusal(() => readImportData(bytes('letterboxd/watched.csv'), 'films.csv')).problem).toMatch(/name the file watchlist\.csv or watched\.csv/);
  });

  it('diary: a rated entry is a rating, an unrated one is watched, dated when watched', () => {
    const file = readImportData(bytes('letterboxd/diary.csv'), 'diary.csv');
    expect(file.rows.map((r) => [r.kind, r.title, r.rating, r.date])).toEqual([
      ['rating', 'Crouching Tiger, Hidden Dragon', 9, '2021-03-01'],
      ['watched', 'Stalker', undefined, '2021-06-10'],
    ]);
  });

  it('a list: its name and description from its own header, its films after the blank line', () => {
    const file = readImportData(bytes('letterboxd/lists/films-of-2020.csv'), 'films-of-2020.csv');
    expect(file.lists).toEqual([{ name: 'Films of 2020, ranked', description: 'The year, in order.' }]);
    expect(file.rows.map((r) => [r.kind, r.listName, r.title, r.year, r.origin.line])).toEqual([
      ['list-item', 'Films of 2020, ranked', 'Tenet', 2020, 6],
      ['list-item', 'Films of 2020, ranked', 'Portrait of a Lady on Fire', 2019, 7],
    ]);
  });

  const exportZip = (extra: Record<string, Uint8Array> = {}) =>
    zipSync({
      'profile.csv': text('Date Joined,Username\n2020-01-01,someone\n'),
      'ratings.csv': bytes('letterboxd/ratings.csv'),
      'watchlist.csv': bytes('letterboxd/watchlist.csv'),
      'watched.csv': bytes('letterboxd/watched.csv'),
      'diary.csv': bytes('letterboxd/diary.csv'),
      'reviews.csv': text('Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n'),
      'likes/films.csv': text('Date,Name,Year,Letterboxd URI\n'),
      'lists/films-of-2020.csv': bytes('letterboxd/lists/films-of-2020.csv'),
      ...extra,
    });

  it('the export zip: ratings, watchlist and lists read; the other files named as left out', async () => {
    const path = join(dir, 'letterboxd-someone-2024-05-01-10-00-utc.zip');
    writeFileSync(path, exportZip());
    const file = await readImportFile(path, { from: 'letterboxd' });
    expect(file.source).toBe('letterboxd');
    expect(file.parts.map((p) => [p.file.slice(path.length + 1), p.part, p.rows])).toEqual([
      ['ratings.csv', 'letterboxd-ratings', 4],
      ['watchlist.csv', 'letterboxd-watchlist', 2],
      ['lists/films-of-2020.csv', 'letterboxd-list', 2],
    ]);
    expect(file.rows).toHaveLength(8);
    expect(file.rows[0]!.origin.file).toBe(`${path}:ratings.csv`);
    expect(file.skipped.map((s) => s.file.slice(path.length + 1)).sort()).toEqual(['diary.csv', 'likes/films.csv', 'profile.csv', 'reviews.csv', 'watched.csv']);
    expect(file.lists).toEqual([{ name: 'Films of 2020, ranked', description: 'The year, in order.' }]);
  });

  it('a zip whose files sit in one folder is read inside it', () => {
    const zip = zipSync({ 'letterboxd-someone/ratings.csv': bytes('letterboxd/ratings.csv'), 'letterboxd-someone/lists/a.csv': bytes('letterboxd/lists/films-of-2020.csv') });
    expect(readImportData(zip, 'export.zip').rows).toHaveLength(6);
  });

  it('refuses a zip with unexpected content, or none of the files, or a damaged one', () => {
    expect(refusal(() => readImportData(exportZip({ 'setup.exe': new Uint8Array([1, 2, 3]) }), 'export.zip')).message).toBe(
      'export.zip: unexpected entry "setup.exe": a Letterboxd export holds ratings.csv, watchlist.csv, lists/*.csv and the files it lists besides',
    );
    expect(refusal(() => readImportData(zipSync({ 'profile.csv': text('a\n') }), 'export.zip')).problem).toMatch(/none of ratings\.csv/);
    // ratings.csv holding something else is refused, naming the entry.
    const swapped = zipSync({ 'ratings.csv': bytes('letterboxd/watchlist.csv') });
    expect(refusal(() => readImportData(swapped, 'export.zip')).file).toBe('export.zip:ratings.csv');
    const damaged = exportZip().slice(0, 200);
    expect(refusal(() => readImportData(damaged, 'export.zip')).problem).toMatch(/zip archive cannot be read/);
  });

  it('an error inside the zip names the entry and line; nothing of the zip is returned', () => {
    const bad = text(readFileSync(fixture('letterboxd/ratings.csv'), 'utf8').replace('Paddington 2,2017,https://boxd.it/dmnE,5', 'Paddington 2,2017,https://boxd.it/dmnE,5.5'));
    const error = refusal(() => readImportData(exportZip({ 'ratings.csv': bad }), 'export.zip'));
    expect(error.message).toBe('export.zip:ratings.csv: line 3, column Rating: rating "5.5" is outside the scale (half stars from 0.5 to 5)');
  });

  it('refuses a zip that unpacks to more than the limit', () => {
    const zip = zipSync({ 'ratings.csv': text(`Date,Name,Year,Letterboxd URI,Rating\n${'2021-01-01,A,2000,https://boxd.it/a,4\n'.repeat(2000)}`) });
    expect(zip.length).toBeLessThan(20_000);
    expect(refusal(() => readImportData(zip, 'export.zip', { maxBytes: 20_000 })).problem).toBe(
      'the zip archive unpacks to more than the limit of 20 KiB (at ratings.csv)',
    );
  });
});

describe('Trakt', () => {
  it('ratings of films, with ids where Trakt knows them', async () => {
    const file = await readImportFile(fixture('trakt/ratings-movies.json'));
    expect(file.source).toBe('trakt');
    expect(file.rows.map(brief)).toEqual([
      { kind: 'rating', source: 'trakt', mediaType: 'movie', ids: { tmdb: 238, imdb: 'tt0068646' }, title: 'The Godfather', year: 1972, rating: 10, date: '2024-01-10T20:15:00.000Z', line: 1 },
      { kind: 'rating', source: 'trakt', mediaType: 'movie', ids: { tmdb: undefined, imdb: undefined }, title: 'An Obscure Short', year: 2019, rating: 6, date: '2024-01-11T21:00:00.000Z', line: 2 },
    ]);
  });

  it('an episode is placed by its show and its season and number; a season is read as another type', async () => {
    const file = await readImportFile(fixture('trakt/ratings-episodes.json'));
    expect(file.rows[0]).toMatchObject({
      mediaType: 'episode', ids: { tmdb: 62085, imdb: 'tt0959621' }, title: 'Pilot', rating: 9,
      episode: { series: { title: 'Breaking Bad', year: 2008, ids: { tmdb: 1396, imdb: 'tt0903747' } }, season: 1, episode: 1 },
    });
    expect(file.rows[1]).toMatchObject({ mediaType: undefined, otherType: 'season', title: 'Breaking Bad season 2', rating: 7 });
  });

  it('a watchlist by its name, a list named after its file', async () => {
    const watchlist = await readImportFile(fixture('trakt/watchlist-shows.json'));
    expect(watchlist.rows.map((r) => [r.kind, r.mediaType, r.title, r.ids.tmdb])).toEqual([['watchlist', 'tv', 'The Wire', 1438]]);
    const list = await readImportFile(fixture('trakt/lists-favourite-noir.json'));
    expect(list.rows.map((r) => [r.kind, r.listName, r.mediaType ?? r.otherType, r.title])).toEqual([
      ['list-item', 'favourite-noir', 'movie', 'Double Indemnity'],
      ['list-item', 'favourite-noir', 'person', 'Barbara Stanwyck'],
    ]);
  });

  it('refuses a rating off 1..10 and a malformed item, naming where in the array', () => {
    const items = JSON.parse(readFileSync(fixture('trakt/ratings-movies.json'), 'utf8')) as Array<Record<string, unknown>>;
    items[1]!.rating = 11;
    expect(refusal(() => readImportData(text(JSON.stringify(items)), 'ratings.json')).message).toBe(
      'ratings.json: [1].rating: rating "11" is outside the scale (whole numbers from 1 to 10)',
    );
    items[1]!.rating = 5;
    (items[1]!.movie as Record<string, unknown>).ids = { imdb: 'nope' };
    expect(refusal(() => readImportData(text(JSON.stringify(items)), 'ratings.json')).path).toBe('[1].movie.ids.imdb');
  });
});

describe("Marquee's own export", () => {
  it('reads every section, empty lists included', async () => {
    const file = await readImportFile(fixture('marquee-export.json'));
    expect(file.source).toBe('marquee');
    expect(file.rows.map((r) => [r.kind, r.mediaType, r.ids.tmdb, r.rating, r.listName])).toEqual([
      ['rating', 'movie', 3, 7.5, undefined],
      ['rating', 'episode', 20102, 8, undefined],
      ['watchlist', 'tv', 5, undefined, undefined],
      ['favorite', 'movie', 8, undefined, undefined],
      ['list-item', 'movie', 9, undefined, 'Weekend'],
    ]);
    expect(file.rows[1]!.episode).toEqual({ series: { title: 'A Series', year: 2019, ids: { tmdb: 2 } }, season: 1, episode: 2 });
    expect(file.lists).toEqual([{ name: 'Weekend', description: 'to watch' }, { name: 'Empty for now', description: '' }]);
  });

  it('refuses a newer version, an unknown field and a rating off the scale, naming the path', () => {
    const value = JSON.parse(readFileSync(fixture('marquee-export.json'), 'utf8')) as Record<string, unknown> & { ratings: Array<Record<string, unknown>> };
    expect(refusal(() => readImportData(text(JSON.stringify({ ...value, version: 2 })), 'm.json')).problem).toBe(
      'written by a newer Marquee (format version 2); this one reads version 1',
    );
    expect(refusal(() => readImportData(text(JSON.stringify({ ...value, extra: 1 })), 'm.json')).path).toBe('the file');
    value.ratings[0]!.rating = 7.25;
    expect(refusal(() => readImportData(text(JSON.stringify(value)), 'm.json'))).toMatchObject({ path: 'ratings[0].rating' });
  });
});

describe('any file', () => {
  it('refuses an unknown format, naming what it reads', () => {
    expect(refusal(() => readImportData(text('a,b,c\n1,2,3\n'), 'x.csv')).message).toMatch(/^x\.csv: line 1: unknown format: the header "a,b,c" is none of IMDb's/);
    expect(refusal(() => readImportData(text('{"hello": 1}'), 'x.json')).problem).toMatch(/^unknown format/);
    expect(refusal(() => readImportData(text('[{"oops": '), 'x.json')).problem).toMatch(/^malformed JSON/);
    expect(refusal(() => readImportData(new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 'x.bin')).problem).toMatch(/^not UTF-8 text/);
    expect(refusal(() => readImportData(new Uint8Array(), 'empty.csv')).problem).toBe('the file is empty');
  });

  it('checks --from against what the content says', () => {
    expect(refusal(() => readImportData(bytes('imdb-ratings.csv'), 'r.csv', { from: 'letterboxd' })).problem).toBe(
      "reads as a IMDb export, not Letterboxd's",
    );
    expect(readImportData(bytes('imdb-ratings.csv'), 'r.csv', { from: 'imdb' }).rows).toHaveLength(9);
  });

  it('refuses a file larger than the limit before reading it, saying the limit', async () => {
    const path = join(dir, 'big.csv');
    writeFileSync(path, readFileSync(fixture('imdb-ratings.csv')));
    await expect(readImportFile(path, { maxBytes: 1024 })).rejects.toThrow(/^.*big\.csv: the file is \d+ KiB, larger than the limit of 1 KiB$/);
    await expect(readImportFile(join(dir, 'missing.csv'))).rejects.toThrow(/missing\.csv: cannot be read \(ENOENT\)/);
  });
});

describe('the report of an import', () => {
  const reported = (rows: readonly ImportRow[]) =>
    reportCsv(rows.map((row, index) => ({ index, row, match: 'not-found' as const, reason: 'no film is titled so', candidates: [] })));

  it('reads back every source as the rows it was, with where each came from', async () => {
    const sources = [
      await readImportFile(fixture('imdb-ratings.csv')),
      await readImportFile(fixture('letterboxd/ratings.csv')),
      await readImportFile(fixture('trakt/ratings-episodes.json')),
      await readImportFile(fixture('marquee-export.json')),
    ];
    for (const file of sources) {
      const report = readImportData(text(reported(file.rows)), join(dir, 'report.csv'));
      expect(report.parts[0]!.part).toBe('report');
      expect(report.source).toBe(file.source);
      expect(report.rows).toEqual(file.rows);
    }
  });

  it('takes the tmdb_id filled in, and a report of the report still points at the first file', async () => {
    const letterboxd = await readImportFile(fixture('letterboxd/ratings.csv'));
    const table = parse(reported(letterboxd.rows), { columns: true }) as Array<Record<string, string>>;
    table[0]!.tmdb_id = '603';
    const corrected = readImportData(text(stringify(table, { header: true })), 'corrected.csv');
    expect(corrected.rows[0]!.ids).toEqual({ tmdb: 603 });
    expect(corrected.rows[0]!.origin).toEqual(letterboxd.rows[0]!.origin);
    const again = readImportData(text(reported(corrected.rows)), 'again.csv');
    expect(again.rows[1]!.origin).toEqual(letterboxd.rows[1]!.origin);
  });

  it('refuses a row it cannot read, naming the line and column', () => {
    const rows = parse(reported([{ ...(readImportData(text(`Const,Your Rating,Date Rated,Title,URL,Title Type,Year\ntt0068646,9,2024-01-01,The Godfather,u,Movie,1972\n`), 'r.csv').rows[0]!) }]), { columns: true }) as Array<Record<string, string>>;
    const broken = (column: string, value: string) => stringify([{ ...rows[0]!, [column]: value }], { header: true });
    expect(refusal(() => readImportData(text(broken('tmdb_id', 'six')), 'r.csv')).message).toBe('r.csv: line 2, column tmdb_id: "six" is not a TMDB id');
    expect(refusal(() => readImportData(text(broken('rating', '11')), 'r.csv')).message).toMatch(/line 2, column rating: rating "11" is outside the scale/);
    expect(refusal(() => readImportData(text(broken('kind', 'seen')), 'r.csv')).message).toMatch(/line 2, column kind: "seen" is not one of rating/);
  });
});
