import { imdbIdOf, ratingOn, SERVICE_SCALE, tmdbIdOf, yearOf } from './cells.js';
import type { CsvTable } from './csv.js';
import { type ImportRow, ImportFileError, type ListInfo, type MediaType, type RowKind } from './rows.js';

/**
 * The CSV `marquee export --format csv` writes (export-formats.ts), read back: one row per
 * rating, watchlist entry, favourite and list item, with TMDB ids, and a `list-info` row that
 * names each list with its description (files written before those rows give their lists'
 * names only), so it imports as the JSON does.
 */

export function isMarqueeCsv(header: readonly string[]): boolean {
  return ['section', 'media_type', 'tmdb_id', 'title', 'series_tmdb_id', 'rating'].every((name) => header.includes(name));
}

/** The section of the row that names a list and holds its description, before the list's items. */
const LIST_INFO = 'list-info';
const SECTIONS: Readonly<Record<string, RowKind>> = { rating: 'rating', watchlist: 'watchlist', favorite: 'favorite', list: 'list-item' };

export function readMarqueeCsv(table: CsvTable, file: string): { rows: ImportRow[]; lists: ListInfo[] } {
  const lists: ListInfo[] = [];
  const rows = table.rows.flatMap(({ line, cells }): ImportRow[] => {
    const cell = (column: string) => cells[column]?.trim() ?? '';
    const at = (column: string) => ({ file, line, column });
    const refuse = (column: string, problem: string) => new ImportFileError(file, problem, line, column);
    if (cell('section') === LIST_INFO) {
      if (cell('list') === '') throw refuse('list', 'a list-info row needs the name of its list');
      if (!lists.some((list) => list.name === cell('list'))) lists.push({ name: cell('list'), description: cells.description ?? '' });
      return [];
    }
    const kind = SECTIONS[cell('section')];
    if (kind === undefined) throw refuse('section', `"${cell('section')}" is not one of ${[...Object.keys(SECTIONS), LIST_INFO].join(', ')}`);
    const typed = cell('media_type');
    if (typed !== 'movie' && typed !== 'tv' && typed !== 'episode') throw refuse('media_type', `"${typed}" is not one of movie, tv, episode`);
    const type: MediaType = typed;
    const listName = cell('list');
    if (kind === 'list-item') {
      if (listName === '') throw refuse('list', 'a list item needs the name of its list');
      if (!lists.some((list) => list.name === listName)) lists.push({ name: listName, description: '' });
    }
    const tmdb = tmdbIdOf(cell('tmdb_id'), at('tmdb_id'));
    const imdb = imdbIdOf(cell('imdb_id'), at('imdb_id'));
    const year = yearOf(cell('year'), at('year'));
    const common = {
      kind,
      source: 'marquee' as const,
      mediaType: type,
      ids: { ...(tmdb === undefined ? {} : { tmdb }), ...(imdb === undefined ? {} : { imdb }) },
      // The service may name a title with nothing: the export writes it empty.
      title: cell('title'),
      ...(year === undefined ? {} : { year }),
      ...(kind === 'rating' ? { rating: ratingOn(SERVICE_SCALE, cell('rating'), at('rating')) } : {}),
      ...(cell('date') === '' ? {} : { date: cell('date') }),
      ...(kind === 'list-item' ? { listName } : {}),
      origin: { file, line, original: cells },
    };
    if (type !== 'episode') {
      if (tmdb === undefined) throw refuse('tmdb_id', 'this cell must not be empty');
      return [common];
    }
    const seriesTmdb = tmdbIdOf(cell('series_tmdb_id'), at('series_tmdb_id'));
    if (seriesTmdb === undefined) throw refuse('series_tmdb_id', 'an episode needs the TMDB id of its series');
    const number = (column: string) => {
      if (!/^\d{1,4}$/.test(cell(column))) throw refuse(column, `"${cell(column)}" is not a ${column} number`);
      return Number(cell(column));
    };
    return [{
      ...common,
      episode: {
        series: {
          ...(cell('series_title') === '' ? {} : { title: cell('series_title') }),
          ...(year === undefined ? {} : { year }),
          ids: { tmdb: seriesTmdb },
        },
        season: number('season'),
        episode: number('episode'),
      },
    }];
  });
  return { rows, lists };
}
