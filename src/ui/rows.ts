import { fit, formatVote, yearOf } from './format.js';

/** Width a ScrollList row has for its text (the selection glyph and a space come first). */
export const rowWidth = (listWidth: number) => Math.max(10, listWidth - 2);

/** "Fight Club (1999)            8.4 (26K)": a title on the left, its vote on the right. */
export function titledRow(title: string | null | undefined, date: string | null | undefined, vote: string, width: number): string {
  const year = yearOf(date);
  const known = title || 'untitled';
  const name = year ? `${known} (${year})` : known;
  const voteWidth = Math.min(14, Math.max(0, width - 20));
  if (voteWidth === 0) return name;
  return `${fit(name, width - voteWidth - 1)} ${vote.padStart(voteWidth)}`;
}

export function voteOf(item: { vote_average?: number | null; vote_count?: number | null }): string {
  return formatVote(item.vote_average, item.vote_count);
}
