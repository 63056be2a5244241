import { basename, dirname, extname, join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { writeSecretFile } from '../storage/index.js';
import type { RowOutcome } from './apply.js';
import { imdbIdOf, ratingOn, SERVICE_SCALE, textOf, tmdbIdOf, yearOf } from './cells.js';
import { type CsvTable, NEUTRALISED_CELLS } from './csv.js';
import type { MatchedTitle } from './matcher.js';
import { IMPORT_SOURCES, type ImportRow, type ImportSource, ImportFileError, type RowKind } from './rows.js';

/**
 * The report of an import: one CSV row per row not imported, in the same columns whatever the
 * file came from, so that any report can be corrected in a spreadsheet (fill in `tmdb_id`, or
 * `series_tmdb_id` for an episode) and imported again. Each row keeps where it came from and
 * the original entry, as JSON in `original`; a report of a report keeps the first original.
 */

export const REPORT_COLUMNS = [
  'tmdb_id', 'series_tmdb_id', 'kind', 'list', 'media_type', 'title', 'year', 'series_title', 'series_year', 'season', 'episode',
  'rating', 'date', 'imdb_id', 'series_imdb_id', 'reason', 'candidates', 'source', 'file', 'line', 'part', 'original',
] as const;

/** Where the report of FILE goes unless named: beside it, as FILE-report.csv. */
export function defaultReportPath(file: string): string {
  return join(dirname(file), `${basename(file, extname(file))}-report.csv`);
}

/** Writes the report whole or not at all (a temporary file renamed over it), readable only by the user. */
export function writeReport(path: string, left: readonly RowOutcome[]): void {
  writeSecretFile(path, reportCsv(left));
}

/** How a title is named in messages and in the report's candidates. */
export function titleText(target: MatchedTitle): string {
  if (target.mediaType === 'episode') return `episode S${target.season}E${target.episode} of series ${target.seriesId} "${target.title}"`;
  return `${target.mediaType === 'movie' ? 'film' : 'series'} ${target.id} "${target.title}"${target.year ? ` (${target.year})` : ''}`;
}

const candidateText = (t: MatchedTitle) => `${titleText(t)} [tmdb ${t.mediaType === 'episode' ? t.seriesId : t.id}]`;

export function reportCsv(left: readonly RowOutcome[]): string {
  const records = left.map(({ row, reason, candidates }) => ({
    tmdb_id: row.ids.tmdb,
    series_tmdb_id: row.episode?.series.ids.tmdb,
    kind: row.kind,
    list: row.listName,
    media_type: row.mediaType ?? row.otherType,
    title: row.title,
    year: row.year,
    series_title: row.episode?.series.title,
    series_year: row.episode?.series.year,
    season: row.episode?.season,
    episode: row.episode?.episode,
    rating: row.rating,
    date: row.date,
    imdb_id: row.ids.imdb,
    series_imdb_id: row.episode?.series.ids.imdb,
    reason: reason ?? '',
    candidates: candidates.map(candidateText).join('; '),
    source: row.source,
    file: row.origin.file,
    line: row.origin.line,
    part: row.origin.part,
    original: JSON.stringify(row.origin.original),
  }));
  // The report is opened in a spreadsheet to be filled in: a title from the imported file that
  // would run there as a formula is written as text.
  return stringify(records, { header: true, columns: [...REPORT_COLUMNS], cast: NEUTRALISED_CELLS });
}

/** A CSV whose header has the report's columns (a spreadsheet may reorder or add columns). */
export function isReport(header: readonly string[]): boolean {
  return ['tmdb_id', 'kind', 'media_type', 'title', 'reason', 'source', 'original'].every((name) => header.includes(name));
}

const ROW_KINDS: readonly RowKind[] = ['rating', 'watchlist', 'favorite', 'list-item', 'watched'];

/** The rows of a report, as the rows they were, with the ids the user filled in. */
export function readReport(table: CsvTable, file: string): { rows: ImportRow[]; source: ImportSource } {
  const rows = table.rows.map(({ line, cells }): ImportRow => {
    const at = (column: string) => ({ file, line, column });
    const refuse = (column: string, problem: string) => new ImportFileError(file, problem, line, column);
    const cell = (column: string) => cells[column]?.trim() ?? '';
    const kind = cell('kind') as RowKind;
    if (!ROW_KINDS.includes(kind)) throw refuse('kind', `"${cell('kind')}" is not one of ${ROW_KINDS.join(', ')}`);
    const source = cell('source') as ImportSource;
    if (!IMPORT_SOURCES.includes(source)) throw refuse('source', `"${cell('source')}" is not one of ${IMPORT_SOURCES.join(', ')}`);
    let original: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(cell('original') || '{}');
      original = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { value: parsed };
    } catch {
      throw refuse('original', 'not the JSON the report wrote: leave this column as it is');
    }
    const type = cell('media_type');
    const mediaType = type === 'movie' || type === 'tv' || type === 'episode' ? type : undefined;
    const tmdb = tmdbIdOf(cell('tmdb_id'), at('tmdb_id'));
    const imdb = imdbIdOf(cell('imdb_id'), at('imdb_id'));
    const year = yearOf(cell('year'), at('year'));
    const listName = cell('list');
    if (kind === 'list-item' && listName === '') throw refuse('list', 'a list item needs the name of its list');
    const number = (column: string) => {
      const value = Number(cell(column));
      if (!/^\d{1,4}$/.test(cell(column))) throw refuse(column, `"${cell(column)}" is not a ${column} number`);
      return value;
    };
    return {
      kind,
      source,
      mediaType,
      ...(mediaType === undefined && type !== '' ? { otherType: type } : {}),
      ids: { ...(tmdb === undefined ? {} : { tmdb }), ...(imdb === undefined ? {} : { imdb }) },
      title: textOf(cells.title, at('title')),
      ...(year === undefined ? {} : { year }),
      // An episode known by its IMDb id alone has no series place.
      ...(mediaType === 'episode' && (cell('season') !== '' || cell('episode') !== '')
        ? {
            episode: {
              series: (() => {
                const seriesTmdb = tmdbIdOf(cell('series_tmdb_id'), at('series_tmdb_id'));
                const seriesYear = yearOf(cell('series_year'), at('series_year'));
                const seriesImdb = imdbIdOf(cell('series_imdb_id'), at('series_imdb_id'));
                return {
                  ...(cell('series_title') === '' ? {} : { title: cell('series_title') }),
                  ...(seriesYear === undefined ? {} : { year: seriesYear }),
                  ids: { ...(seriesTmdb === undefined ? {} : { tmdb: seriesTmdb }), ...(seriesImdb === undefined ? {} : { imdb: seriesImdb }) },
                };
              })(),
              season: number('season'),
              episode: number('episode'),
            },
          }
        : {}),
      ...(cell('rating') === '' ? {} : { rating: ratingOn(SERVICE_SCALE, cell('rating'), at('rating')) }),
      ...(cell('date') === '' ? {} : { date: cell('date') }),
      ...(listName === '' ? {} : { listName }),
      // Where the row first came from, so a report of this report points at the same entry.
      origin: { file: cell('file') || file, line: Number(cell('line')) || line, ...(cell('part') === '' ? {} : { part: cell('part') }), original },
    };
  });
  const sources = new Set(rows.map((row) => row.source));
  return { rows, source: sources.size === 1 ? [...sources][0]! : 'marquee' };
}
