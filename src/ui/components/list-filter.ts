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
}

/** A matcher over `entries`, built once per list and asked on every key of the filter. */
export function listMatcher<T>(entries: readonly FilterEntry<T>[]): (query: string) => FilterMatch<T>[] {
  const fzf = new Fzf<readonly FilterEntry<T>[]>(entries, { selector: (entry: FilterEntry<T>) => entry.text, casing: 'case-insensitive', normalize: true });
  return (query) => {
    const text = query.trim();
    if (text === '') return entries.map((entry) => ({ ...entry, positions: [] }));
    return fzf.find(text).map((found: { item: FilterEntry<T>; positions: Set<number> }) => ({ ...found.item, positions: [...found.positions].sort((a, b) => a - b) }));
  };
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
