import type { ImportFile } from '../../../transfers/rows.js';

/** What the import panel says of a file read: its parts (the kinds of file it holds) and their rows. */

const KINDS_OF_PARTS: Record<string, string> = {
  'imdb-ratings': 'IMDb ratings', 'imdb-watchlist': 'IMDb watchlist', 'imdb-list': 'IMDb list',
  'letterboxd-ratings': 'Letterboxd ratings', 'letterboxd-watchlist': 'Letterboxd watchlist',
  'letterboxd-watched': 'Letterboxd watched', 'letterboxd-diary': 'Letterboxd diary', 'letterboxd-list': 'Letterboxd list',
  'letterboxd-import': 'Letterboxd import file', trakt: 'Trakt', marquee: 'Marquee export', 'marquee-csv': 'Marquee CSV export',
  report: 'import report',
};

/** "IMDb ratings 1070" or "Letterboxd ratings 12, Letterboxd watchlist 3, Letterboxd list 4". */
export function partsText(file: ImportFile): string {
  return file.parts.map((part) => `${KINDS_OF_PARTS[part.part] ?? part.part} ${part.rows}`).join(', ');
}
