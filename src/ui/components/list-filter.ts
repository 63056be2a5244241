import { Fzf } from 'fzf';

/**
 * The `/` filter of a list: fuzzy matching as fzf does it (characters in order, runs, word
 * starts and the start of the text count most), best match first; the characters matched are
 * given so a row can show them.
 */

export interface FilterEntry<T> {
  readonly item: T;
  /** Its index in the whole list. */
  readonly index: number;
  readonly text: string;
}

export interface FilterMatch<T> extends FilterEntry<T> {
  /** Indexes of the characters of `text` that matched, in order. */
  readonly positions: readonly number[];
  /** fzf's score: higher is closer (runs, word starts and the text's start count most); 0 when nothing was typed. */
  readonly score: number;
}

/**
 * fzf's find, typed here: its own type files import each other without extensions, which
 * NodeNext resolution cannot follow (skipLibCheck hides that), so the compiler sees no type.
 */
type Find<T> = (query: string) => Array<{ item: T; positions: Set<number>; score: number }>;

/** A matcher over `entries`, built once per list and asked on every key of the filter. */
export function listMatcher<T>(entries: readonly FilterEntry<T>[]): (query: string) => FilterMatch<T>[] {
  const fzf = new Fzf<readonly FilterEntry<T>[]>(entries, { selector: (entry: FilterEntry<T>) => entry.text, casing: 'case-insensitive', normalize: true });
  const find = (fzf.find as Find<FilterEntry<T>>).bind(fzf);
  return (query) => {
    const text = query.trim();
    if (text === '') return entries.map((entry) => ({ ...entry, positions: [], score: 0 }));
    return find(text)
      .map((found) => ({
        ...found.item,
        positions: [...found.positions].sort((a, b) => a - b),
        score: found.score,
      }));
  };
}

/**
 * fzf gives every character matched 16, and more for runs and word starts; it takes away for
 * gaps. A match worth less than this per character typed is letters picked out of unrelated
 * words ("rate" in "or open the latest"): what a close match looks like is in
 * test/ui/list-filter.test.tsx.
 */
const CLOSE_SCORE_PER_CHARACTER = 17;

/**
 * The close matches of `query` when there are any, otherwise all of them: among long texts
 * (the palette's descriptions) a few letters in order occur by chance almost everywhere, and
 * listing those under the real answers only buries them. When nothing is close, the loose
 * matches are still better than an empty list. `loose` says which was given.
 */
export function closeMatches<T>(matches: readonly FilterMatch<T>[], query: string): { matches: readonly FilterMatch<T>[]; loose: boolean } {
  const typed = [...query.trim()].filter((char) => char !== ' ').length;
  if (typed === 0) return { matches, loose: false };
  const close = matches.filter((found) => found.score >= CLOSE_SCORE_PER_CHARACTER * typed);
  return close.length > 0 ? { matches: close, loose: false } : { matches, loose: matches.length > 0 };
}

/** `text` cut into runs of matched and unmatched characters, for drawing. */
export function matchedRuns(text: string, positions: readonly number[]): Array<{ text: string; matched: boolean }> {
  const hit = new Set(positions);
  const runs: Array<{ text: string; matched: boolean }> = [];
  [...text].forEach((char, i) => {
    const matched = hit.has(i);
    const last = runs.at(-1);
    if (last && last.matched === matched) last.text += char;
    else runs.push({ text: char, matched });
  });
  return runs;
}

/**
 * Which rows of a list are loaded, as ranges a person reads ("rows 1–60, 1,381–1,400 of 1,400"),
 * when they are not one run from the first row: G loads the last page alone, so "60 of 80
 * loaded" would not say that rows from the end are among them. Undefined for one run from the
 * start (the count says it all). At most `most` ranges are named, then "…".
 */
export function loadedRanges(items: ReadonlyArray<unknown>, formatCount: (n: number) => string, most = 3): string | undefined {
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < items.length; i++) {
    if (items[i] === undefined) continue;
    const last = runs.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  }
  if (runs.length === 0 || (runs.length === 1 && runs[0]![0] === 0)) return undefined;
  const named = runs.slice(0, most).map(([from, to]) => (from === to ? formatCount(from + 1) : `${formatCount(from + 1)}–${formatCount(to + 1)}`));
  return `rows ${named.join(', ')}${runs.length > most ? ', …' : ''} of ${formatCount(items.length)}`;
}
