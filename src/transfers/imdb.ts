import { IMDB_SCALE, imdbIdOf, ratingOn, textOf, tmdbIdOf, yearOf } from './cells.js';
import type { CsvTable } from './csv.js';
import { type ImportRow, type MediaType, ImportFileError, type RowKind } from './rows.js';

/**
 * IMDb's CSV exports: "Your ratings" (Const, Your Rating, Date Rated, Title, [Original Title,]
 * URL, Title Type, IMDb Rating, Runtime (mins), Year, Genres, Num Votes, Release Date,
 * Directors) and the watchlist or a list (Position, Const, Created, Modified, Description,
 * Title, ..., Your Rating, Date Rated). A watchlist and a list have the same columns: a file
 * whose name says "watchlist" is the watchlist, any other is a list named after the file.
 */

export type ImdbFileKind = 'ratings' | 'watchlist-or-list';

export function imdbFileKind(header: readonly string[]): ImdbFileKind | undefined {
  const has = (name: string) => header.includes(name);
  if (!has('Const') || !has('Title') || !has('Title Type')) return undefined;
  if (has('Position') && has('Created')) return 'watchlist-or-list';
  if (has('Your Rating') && has('Date Rated')) return 'ratings';
  return undefined;
}

/**
 * Title types, in the old spelling (tvMiniSeries) and the new one (TV Mini Series). The
 * service keeps TV films, shorts, specials and video releases as films; games, podcasts and
 * music videos it does not have.
 */
const TITLE_TYPES: Readonly<Record<string, MediaType>> = {
  movie: 'movie', tvmovie: 'movie', short: 'movie', tvshort: 'movie', video: 'movie', tvspecial: 'movie',
  tvseries: 'tv', tvminiseries: 'tv',
  tvepisode: 'episode',
};

export function imdbMediaType(titleType: string): MediaType | undefined {
  return TITLE_TYPES[titleType.replace(/[\s_-]/g, '').toLowerCase()];
}

/** The date part of IMDb's dates (2023-04-01, or older exports' full times). */
const dateOnly = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : undefined);

export function readImdb(table: CsvTable, file: string, fileKind: ImdbFileKind, listName: string): ImportRow[] {
  const kind: RowKind = fileKind === 'ratings' ? 'rating' : /watchlist/i.test(listName) ? 'watchlist' : 'list-item';
  return table.rows.map(({ line, cells }) => {
    const at = (column: string) => ({ file, line, column });
    const imdb = imdbIdOf(cells.Const, at('Const'));
    if (!imdb) throw new ImportFileError(file, 'this cell must not be empty', line, 'Const');
    // Not IMDb's: the column Marquee's report of unmatched rows offers to fill in.
    const tmdb = tmdbIdOf(cells.tmdb_id, at('tmdb_id'));
    const titleType = textOf(cells['Title Type'], at('Title Type'));
    const mediaType = imdbMediaType(titleType);
    const ratingText = cells['Your Rating']?.trim() ?? '';
    // A watchlist or list row has a rating only when the title was rated too.
    const rating = kind === 'rating' || ratingText !== '' ? ratingOn(IMDB_SCALE, ratingText, at('Your Rating')) : undefined;
    return {
      kind,
      source: 'imdb',
      mediaType,
      ...(mediaType ? {} : { otherType: titleType }),
      ids: { imdb, ...(tmdb === undefined ? {} : { tmdb }) },
      title: textOf(cells.Title, at('Title')),
      year: yearOf(cells.Year, at('Year')),
      rating,
      date: dateOnly(kind === 'rating' ? cells['Date Rated'] : cells.Created),
      ...(kind === 'list-item' ? { listName } : {}),
      origin: { file, line, original: cells },
    } satisfies ImportRow;
  });
}
