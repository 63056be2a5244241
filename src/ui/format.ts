/**
 * Numbers, dates and durations as people read them. English formatting throughout, so the
 * interface reads the same everywhere (its words are English too).
 */
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { terminalSafe } from '../contract/text.js';
import { englishCompact, englishNumber, SHORT_MONTHS } from './english-numbers.js';
import { englishFields, type EnglishField } from '../state/index.js';

/**
 * Each formatter is made on first use: building ICU formatters costs tens of milliseconds in
 * all, which the first frame (drawn before any data) should not pay. Counts, dates and money,
 * which the first screen with data shows, need no ICU at all (english-numbers.ts).
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const languageNames = lazy(() => new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }));

/** 1203 -> "1,203" */
export function formatCount(value: number): string {
  return englishNumber(value, 3);
}

/** "41/1,203": a cursor position in a list. */
export function formatPosition(index: number, total: number): string {
  return `${formatCount(total === 0 ? 0 : index + 1)}/${formatCount(total)}`;
}

/** "1999-10-15" -> "15 Oct 1999"; "" or null -> "date unknown". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'date unknown';
  const time = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return value;
  // Day, short month, year ("12 Mar 2024"): no day/month order to misread.
  const day = new Date(time);
  return `${day.getUTCDate()} ${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/**
 * When a kept answer was stored, in local time: "14:02" today, "23 Nov 14:02" earlier this year,
 * "23 Nov 2025 14:02" before that.
 */
export function formatAsOf(time: number, now: number): string {
  const at = new Date(time);
  const today = new Date(now);
  const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (at.toDateString() === today.toDateString()) return clock;
  const month = SHORT_MONTHS[at.getMonth()];
  const year = at.getFullYear() === today.getFullYear() ? '' : ` ${at.getFullYear()}`;
  return `${at.getDate()} ${month}${year} ${clock}`;
}

/** "1999-10-15" -> "1999"; empty for an unknown date. */
export function yearOf(value: string | null | undefined): string {
  return value && /^\d{4}/.test(value) ? value.slice(0, 4) : '';
}

/** 136 -> "2h 16m"; 45 -> "45m"; 60 -> "1h". */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0) return 'runtime unknown';
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** 7.834, 1234 -> "7.8 (1.2k)"; no votes -> "no votes". */
export function formatVote(average: number | null | undefined, count: number | null | undefined): string {
  if (!count) return 'no votes';
  return `${(average ?? 0).toFixed(1)} (${englishCompact(count).toLowerCase()})`;
}

/** 29000000 -> "$29,000,000"; the service writes 0 when it does not know. */
export function formatMoney(amount: number | null | undefined): string {
  if (!amount) return 'not known';
  // "-$5", as Intl writes a negative amount in dollars.
  return `${amount < 0 ? '-' : ''}$${englishNumber(Math.abs(amount), 0)}`;
}

/** 59.208 -> "59.2"; not given -> "unknown". */
export function formatDecimal(value: number | null | undefined): string {
  return value === null || value === undefined ? 'unknown' : englishNumber(value, 1);
}

/** "en" -> "English", "pt-BR" -> "Brazilian Portuguese"; "xx" (no language) and unknown codes as they are. */
export function languageName(code: string | null | undefined): string {
  if (!code) return 'untagged';
  if (code === 'xx') return 'no language';
  // The service tags Cantonese "cn" (not an ISO 639-1 code; the standard's is "yue").
  if (code === 'cn') return 'Cantonese';
  try {
    return languageNames().of(code) ?? code;
  } catch {
    // Not a well-formed language tag: show it as the service sent it.
    return code;
  }
}

/** "2024-03-12", "2024-04-02" -> "12 Mar 2024 – 2 Apr 2024" */
export function formatDateRange(from: string, to: string): string {
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * Text on one line, without escape sequences or control characters. A paste or keys that arrive
 * together reach a text field as one string, tabs, returns and backspaces included; a field keeps
 * only what prints.
 */
export function printable(text: string): string {
  // Tabs and line breaks of a paste are dropped, not turned into spaces: a field is one line.
  return terminalSafe(text.replace(/[\t\r\n]/g, ''));
}

/**
 * The most a text field or filter keeps. Titles, names and queries are far shorter; a 100 KB
 * paste is cut here, so every later key costs the same as in a short field.
 */
export const MAX_FIELD_CHARS = 500;

/** What a text field keeps of its text: printable, on one line, at most MAX_FIELD_CHARS. */
export function fieldText(text: string): string {
  // Cut before cleaning too: a huge paste is not scanned in full.
  return printable(text.slice(0, MAX_FIELD_CHARS * 4)).slice(0, MAX_FIELD_CHARS);
}

/**
 * Columns `text` takes on a terminal: a CJK character or an emoji takes two, a combining mark
 * none. Titles and overviews in Japanese would otherwise push a row's vote off the line.
 */
export function columns(text: string): number {
  return stringWidth(text);
}

const graphemes = lazy(() => new Intl.Segmenter(undefined, { granularity: 'grapheme' }));

/**
 * `text` split where it reaches `width` columns: what fits, and the rest. Never splits a
 * character; the head is empty when the first character alone is wider than `width`.
 */
function splitAtColumn(text: string, width: number): [string, string] {
  let used = 0;
  for (const { segment, index } of graphemes().segment(text)) {
    used += stringWidth(segment);
    if (used > width) return [text.slice(0, index), text.slice(index)];
  }
  return [text, ''];
}

/**
 * Words of `text` in lines of at most `width` columns; a word longer than a line is cut (never
 * inside a character). wrap-ansi does it in time linear in the text's length, which matters
 * when a service sends one word of a megabyte.
 */
export function wrapText(text: string, width: number): string[] {
  return wrapAnsi(text, Math.max(1, width), { hard: true }).split('\n');
}

/**
 * `text` wrapped to `width` in at most `rows` lines, the last one "…" when some is left out. Only
 * the start that `rows` lines could hold is wrapped: a few characters per column of each line,
 * which covers combining marks and line breaks, whatever the length of the rest.
 */
export function wrapWithin(text: string, width: number, rows: number): string[] {
  if (rows <= 0) return [];
  const room = Math.max(1, width);
  const start = text.slice(0, (rows + 1) * (room + 1) * 4);
  const lines = wrapText(start, room);
  if (lines.length <= rows && start.length === text.length) return lines;
  return [...lines.slice(0, rows - 1), '…'];
}

/** Cuts `text` to `width` columns, ending with … when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (columns(text) <= width) return text;
  return width === 1 ? '…' : `${splitAtColumn(text, width - 1)[0]}…`;
}

/** Pads or cuts `text` to exactly `width` columns. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - columns(cut)));
}

/** Said after a text that is the English one, as the chosen language has none for that record. */
export const ENGLISH_MARK = '(English)';

/** Whether `record`'s `field` is the English text standing in for a missing translation. */
export function inEnglish(record: object | null | undefined, field: EnglishField): boolean {
  return englishFields(record).includes(field);
}
