/**
 * Numbers, dates and durations as people read them. English formatting throughout, so the
 * interface reads the same everywhere (its words are English too).
 */

const counts = new Intl.NumberFormat('en');
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** 1203 -> "1,203" */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** "41/1,203": a cursor position in a list. */
export function formatPosition(index: number, total: number): string {
  return `${formatCount(total === 0 ? 0 : index + 1)}/${formatCount(total)}`;
}

/** "1999-10-15" -> "Oct 15, 1999"; "" or null -> "date unknown". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'date unknown';
  const time = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? value : dates.format(time);
}

/** "1999-10-15" -> "1999"; empty for an unknown date. */
export function yearOf(value: string | null | undefined): string {
  return value && /^\d{4}/.test(value) ? value.slice(0, 4) : '';
}

/** 136 -> "2h 16m"; 45 -> "45m". */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return 'runtime unknown';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** 7.834, 1234 -> "7.8 (1.2K)"; no votes -> "no votes". */
export function formatVote(average: number | undefined, count: number | undefined): string {
  if (!count) return 'no votes';
  return `${(average ?? 0).toFixed(1)} (${compact.format(count)})`;
}

/** Cuts `text` to `width` columns, ending with … when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
}

/** Pads or cuts `text` to exactly `width` columns. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - cut.length));
}
