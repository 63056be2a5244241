import { stringify } from 'csv-stringify/sync';
import { NEUTRALISED_CELLS } from './csv.js';
import type { MarqueeExport } from './marquee-format.js';

/**
 * The other shapes `marquee export` writes, made from Marquee's own format: a CSV of every
 * entry for a spreadsheet, and the CSV that Letterboxd's importer reads. Marquee's JSON is the
 * one that imports back without loss; these two are for reading elsewhere.
 */

/**
 * One CSV row per rating, watchlist entry, favourite and list item, in that order. Each list
 * starts with a row of section `list-info` that names it (in `list`) and holds its description
 * and nothing else: an empty list, a description and the order of the lists come back on import.
 */
export function exportCsv(data: MarqueeExport): string {
  const records: Record<string, string | number | null>[] = [];
  type Title = Pick<MarqueeExport['watchlist'][number], 'media_type' | 'tmdb_id' | 'imdb_id' | 'title' | 'year'>;
  const title = (t: Title) => ({ media_type: t.media_type, tmdb_id: t.tmdb_id, imdb_id: t.imdb_id, title: t.title, year: t.year });
  for (const rating of data.ratings) {
    if (rating.media_type === 'episode') {
      records.push({
        section: 'rating', media_type: 'episode', tmdb_id: rating.tmdb_id, imdb_id: rating.imdb_id, title: rating.title,
        year: rating.series.year, series_tmdb_id: rating.series.tmdb_id, series_title: rating.series.title,
        season: rating.season_number, episode: rating.episode_number, rating: rating.rating, date: rating.rated_at,
      });
    } else {
      records.push({ section: 'rating', ...title(rating), rating: rating.rating, date: rating.rated_at });
    }
  }
  for (const entry of data.watchlist) records.push({ section: 'watchlist', ...title(entry), date: entry.added_at });
  for (const entry of data.favorites) records.push({ section: 'favorite', ...title(entry), date: entry.added_at });
  for (const list of data.lists) {
    records.push({ section: 'list-info', list: list.name, description: list.description });
    for (const item of list.items) records.push({ section: 'list', list: list.name, ...title(item), date: item.added_at });
  }
  return stringify(records, {
    header: true,
    // A byte order mark, so that spreadsheets read the titles as UTF-8.
    bom: true,
    // A title or list name that a spreadsheet would run as a formula is written as text.
    cast: NEUTRALISED_CELLS,
    columns: [
      'section', 'list', 'media_type', 'tmdb_id', 'imdb_id', 'title', 'year',
      'series_tmdb_id', 'series_title', 'season', 'episode', 'rating', 'date', 'description',
    ],
  });
}

/** Half stars from the service's 0.5-10 scale: 7 is 3.5 stars, 7.5 rounds up to 4, 0.5 is half a star. */
export function letterboxdStars(rating: number): number {
  return Math.min(10, Math.max(1, Math.round(rating))) / 2;
}

/**
 * The rated films, in the columns of Letterboxd's import format (tmdbID and imdbID match
 * first, then title and year; Rating in half stars; WatchedDate when the rating has a date).
 * Letterboxd keeps films only: series and episodes are not in it.
 */
export function letterboxdCsv(data: MarqueeExport): { text: string; films: number; leftOut: number } {
  type RatedTitle = Exclude<MarqueeExport['ratings'][number], { media_type: 'episode' }>;
  const films = data.ratings.filter((r): r is RatedTitle => r.media_type === 'movie');
  const records = films.map((film) => ({
    tmdbID: film.tmdb_id,
    imdbID: film.imdb_id,
    Title: film.title,
    Year: film.year,
    Rating: letterboxdStars(film.rating),
    WatchedDate: film.rated_at?.slice(0, 10) ?? null,
  }));
  const text = stringify(records, { header: true, columns: ['tmdbID', 'imdbID', 'Title', 'Year', 'Rating', 'WatchedDate'], cast: NEUTRALISED_CELLS });
  return { text, films: films.length, leftOut: data.ratings.length - films.length };
}

export const EXPORT_FORMATS = ['json', 'csv', 'letterboxd'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's text in the chosen format, and how many ratings the format could not hold. */
export function formatExport(data: MarqueeExport, format: ExportFormat): { text: string; leftOut: number } {
  switch (format) {
    case 'json':
      return { text: `${JSON.stringify(data, null, 2)}\n`, leftOut: 0 };
    case 'csv':
      return { text: exportCsv(data), leftOut: 0 };
    case 'letterboxd': {
      const { text, leftOut } = letterboxdCsv(data);
      return { text, leftOut };
    }
  }
}
