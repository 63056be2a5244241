import { IMDB_SCALE, imdbIdOf, LETTERBOXD_SCALE, ratingOn, textOf, tmdbIdOf, yearOf } from './cells.js';
import { type CsvRecord, type CsvTable, firstLine } from './csv.js';
import { type ImportRow, ImportFileError, type ListInfo, type RowKind } from './rows.js';

/**
 * Letterboxd's export (films only, no ids the service knows):
 * - ratings.csv: Date, Name, Year, Letterboxd URI, Rating (half stars 0.5..5, doubled here);
 * - watchlist.csv and watched.csv: Date, Name, Year, Letterboxd URI (told apart by file name);
 * - diary.csv: ... Rating, Rewatch, Tags, Watched Date (a rating when rated, else watched);
 * - lists/NAME.csv: a line "Letterboxd list export v7", the list's own Date, Name, Tags, URL,
 *   Description, a blank line, then its films: Position, Name, Year, URL, Description.
 */

export type LetterboxdFileKind = 'ratings' | 'watchlist' | 'watched' | 'diary' | 'list';

const LIST_MARK = /^Letterboxd list export v\d+$/;

export function isLetterboxdList(text: string): boolean {
  return LIST_MARK.test(firstLine(text).replace(/^"|"$/g, '').replace(/,+$/, '').trim());
}

/** The kind of a Letterboxd CSV from its header and, where the header cannot tell, its name. */
export function letterboxdFileKind(header: readonly string[], fileName: string): LetterboxdFileKind | 'watchlist-or-watched' | undefined {
  const has = (name: string) => header.includes(name);
  if (!has('Date') || !has('Name') || !has('Letterboxd URI')) return undefined;
  if (has('Watched Date') && has('Rating')) return 'diary';
  if (has('Rating')) return 'ratings';
  const base = fileName.toLowerCase().replace(/^.*[\\/:]/, '');
  if (base.startsWith('watchlist')) return 'watchlist';
  if (base.startsWith('watched')) return 'watched';
  return 'watchlist-or-watched';
}

export function readLetterboxd(table: CsvTable, file: string, fileKind: Exclude<LetterboxdFileKind, 'list'>): ImportRow[] {
  return table.rows.map(({ line, cells }) => {
    const at = (column: string) => ({ file, line, column });
    const ratingText = cells.Rating?.trim() ?? '';
    const kind: RowKind =
      fileKind === 'diary' ? (ratingText === '' ? 'watched' : 'rating') : fileKind === 'ratings' ? 'rating' : fileKind;
    const rating = kind === 'rating' ? ratingOn(LETTERBOXD_SCALE, ratingText, at('Rating')) : undefined;
    const watched = fileKind === 'diary' ? cells['Watched Date']?.trim() : undefined;
    return filmRow(cells, file, line, { kind, rating, date: watched || cells.Date?.trim() || undefined });
  });
}

/** A row of any Letterboxd file: always a film, named and dated by the file, with no ids. */
function filmRow(
  cells: Readonly<Record<string, string>>,
  file: string,
  line: number,
  fields: Pick<ImportRow, 'kind' | 'rating' | 'date' | 'listName'>,
): ImportRow {
  return {
    source: 'letterboxd',
    mediaType: 'movie',
    ids: {},
    title: textOf(cells.Name, { file, line, column: 'Name' }),
    year: yearOf(cells.Year, { file, line, column: 'Year' }),
    ...fields,
    origin: { file, line, original: cells },
  };
}

/** A list file: its name from its own header, its films after the blank line. */
export function readLetterboxdList(records: readonly CsvRecord[], file: string): { rows: ImportRow[]; list: ListInfo } {
  const [mark, listHeader, listRow, itemHeader, ...items] = records;
  const fail = (line: number | undefined, problem: string): never => {
    throw new ImportFileError(file, problem, line);
  };
  if (!mark || !LIST_MARK.test(mark.cells[0]?.trim() ?? '')) fail(mark?.line, 'not a Letterboxd list export');
  const columns = (record: CsvRecord | undefined, wanted: readonly string[]) =>
    record !== undefined && wanted.every((name) => record.cells.includes(name));
  if (!columns(listHeader, ['Name'])) fail(listHeader?.line ?? mark!.line + 1, 'the list header (Date, Name, Tags, URL, Description) is missing');
  if (!listRow) fail(undefined, 'the list has no name row');
  const listName = textOf(listRow!.cells[listHeader!.cells.indexOf('Name')], { file, line: listRow!.line, column: 'Name' });
  const description = listRow!.cells[listHeader!.cells.indexOf('Description')] ?? '';
  const list = { name: listName, description };
  if (!itemHeader) return { rows: [], list };
  if (!columns(itemHeader, ['Position', 'Name', 'Year'])) fail(itemHeader.line, 'the films header (Position, Name, Year, URL) is missing');
  const names = itemHeader.cells.map((name) => name.trim());
  const rows = items.map(({ line, cells: values }): ImportRow => {
    if (values.length !== names.length) fail(line, `this row has ${values.length} columns; the films header has ${names.length}`);
    const cells = Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
    return filmRow(cells, file, line, { kind: 'list-item', listName });
  });
  return { rows, list };
}

/**
 * The CSV Letterboxd's importer reads (letterboxd.com/about/importing-data), which
 * `marquee export --format letterboxd` writes: tmdbID, imdbID, Title, Year, Rating (half stars)
 * or Rating10, WatchedDate. Its ids match first, as Letterboxd's own importer does.
 */
export function isLetterboxdImportFile(header: readonly string[]): boolean {
  const names = new Set(header.map((name) => name.toLowerCase()));
  return names.has('title') && (names.has('tmdbid') || names.has('imdbid')) && (names.has('rating') || names.has('rating10'));
}

export function readLetterboxdImportFile(table: CsvTable, file: string): ImportRow[] {
  const column = new Map(table.header.map((name) => [name.toLowerCase(), name]));
  return table.rows.map(({ line, cells }) => {
    const cell = (name: string) => cells[column.get(name.toLowerCase()) ?? '']?.trim() ?? '';
    const at = (name: string) => ({ file, line, column: column.get(name.toLowerCase()) ?? name });
    const tmdb = tmdbIdOf(cell('tmdbID'), at('tmdbID'));
    const imdb = imdbIdOf(cell('imdbID'), at('imdbID'));
    const stars = cell('Rating');
    const tenths = cell('Rating10');
    const rating = stars !== ''
      ? ratingOn(LETTERBOXD_SCALE, stars, at('Rating'))
      : tenths !== '' ? ratingOn(IMDB_SCALE, tenths, at('Rating10')) : undefined;
    const year = yearOf(cell('Year'), at('Year'));
    const date = cell('WatchedDate');
    return {
      kind: rating === undefined ? 'watched' : 'rating',
      source: 'letterboxd',
      mediaType: 'movie',
      ids: { ...(tmdb === undefined ? {} : { tmdb }), ...(imdb === undefined ? {} : { imdb }) },
      title: textOf(cell('Title'), at('Title')),
      ...(year === undefined ? {} : { year }),
      ...(rating === undefined ? {} : { rating }),
      ...(date === '' ? {} : { date }),
      origin: { file, line, original: cells },
    } satisfies ImportRow;
  });
}
