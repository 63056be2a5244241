import type { ListSummary, MovieListItem } from '../../../contract/index.js';
import { fit, formatCount, formatDate, printable } from '../../format.js';
import { titledRow, voteOf } from '../../rows.js';
import { movieName } from '../../../state/index.js';

/** A movie's title: list items carry `title`, collection parts in newer data `name`. */
export function movieTitle(movie: MovieListItem): string {
  return movieName(movie);
}

/**
 * "Fight Club (1999)      8.4 (26k)"; with `fullDate`, the release day instead of the year
 * ("Evil Dead Rise   12 Apr 2023   7.0 (207)"), for lists that are about dates.
 */
export function movieRow(movie: MovieListItem, width: number, fullDate = false): string {
  if (!fullDate) return titledRow(movieTitle(movie), movie.release_date, voteOf(movie), width);
  const date = formatDate(movie.release_date);
  const vote = voteOf(movie);
  const right = `${date.padStart(12)}  ${vote.padStart(11)}`;
  if (width < right.length + 12) return titledRow(movieTitle(movie), movie.release_date, vote, width);
  return `${fit(movieTitle(movie), width - right.length - 1)} ${right}`;
}

/** "999,999 movies": real lists hold tens of thousands of titles. */
const LIST_COUNT_WIDTH = 14;

/** "Watch later        12 movies  Films for rainy days" */
export function listSummaryRow(list: ListSummary, width: number): string {
  const count = list.item_count == null ? '' : `${formatCount(list.item_count)} ${list.item_count === 1 ? 'movie' : 'movies'}`;
  const nameWidth = Math.max(10, Math.floor(width * 0.4));
  const rest = width - nameWidth - LIST_COUNT_WIDTH - 3;
  const description = printable((list.description ?? '').replace(/\s+/g, ' '));
  return `${fit(printable(list.name ?? `List ${list.id}`), nameWidth)} ${count.padStart(LIST_COUNT_WIDTH)}  ${rest > 5 ? fit(description, rest) : ''}`.trimEnd();
}
