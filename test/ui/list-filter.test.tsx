import { describe, expect } from 'vitest';
import { closeMatches, listMatcher, loadedRanges, matchedRuns } from '../../src/ui/components/list-filter.js';
import { storeTest as it } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * `/` on a list: the rows loaded are filtered as typed, fuzzily, best match first, the matched
 * characters marked; Enter keeps the filter and gives the keys back to the list; Esc clears it
 * and leaves the cursor on the row it was on.
 */

const rows = (frame: string) => frame.split('\n').filter((line) => /^[›\s] \S.*\(\d{4}\)/.test(line));
const selected = (frame: string) => frame.split('\n').find((line) => line.startsWith('›'));

describe('the fuzzy filter of a list', () => {
  it('names the rows loaded when they are not one run from the first', () => {
    const count = (n: number) => n.toLocaleString('en-US');
    const rows = (loaded: Array<[number, number]>, length: number) => {
      const items: Array<number | undefined> = Array.from({ length });
      for (const [from, to] of loaded) for (let i = from; i <= to; i++) items[i] = i;
      return items;
    };
    expect(loadedRanges(rows([[0, 59]], 1400), count)).toBeUndefined();
    expect(loadedRanges(rows([[0, 59], [1380, 1399]], 1400), count)).toBe('rows 1–60, 1,381–1,400 of 1,400');
    expect(loadedRanges(rows([[20, 39]], 100), count)).toBe('rows 21–40 of 100');
    expect(loadedRanges(rows([[0, 1], [3, 3], [5, 5], [7, 9]], 10), count)).toBe('rows 1–2, 4, 6, … of 10');
  });

  it('after G, says which rows the filter sees: the first pages and the last one', async ({ app, service }) => {
    const { ui } = await app.start();
    const popular = await service.get<{ total_results: number }>('/3/movie/popular');
    await ui.waitFor('Popular movies');
    await ui.press('G');
    await ui.waitFor(`${popular.total_results.toLocaleString('en-US')}/${popular.total_results.toLocaleString('en-US')}`);
    await ui.press('/', 'a');
    const frame = await ui.waitFor(/\d+ of \d+ loaded/);
    const line = frame.split('\n').find((l) => / of \d+ loaded/.test(l))!;
    const [, loaded] = / of (\d+) loaded/.exec(line)!;
    const last = popular.total_results;
    const ranges = /\(rows 1–(\d+), ([\d,]+)–([\d,]+) of ([\d,]+)\)/.exec(line);
    expect(ranges, line).not.toBeNull();
    const [, firstEnd, lastStart, lastEnd, of] = ranges!.map((n) => Number(n.replace(/,/g, '')));
    expect(lastEnd).toBe(last);
    expect(of).toBe(last);
    expect(firstEnd! + (lastEnd! - lastStart! + 1)).toBe(Number(loaded));
  });

  it('ranks a run of the query at a word start first, and gives the positions matched', () => {
    const match = listMatcher(['The Salt Orchard', 'Sea of Alternate Lights', 'Bitter Station'].map((text, index) => ({ item: text, index, text })));
    const found = match('salt');
    expect(found.map((f) => f.item)).toEqual(['The Salt Orchard', 'Sea of Alternate Lights']);
    expect(found[0]!.positions).toEqual([4, 5, 6, 7]);
    expect(match('').map((f) => f.item)).toHaveLength(3);
    expect(match('zzz')).toEqual([]);
    expect(matchedRuns('The Salt', [4, 5, 6, 7])).toEqual([{ text: 'The ', matched: false }, { text: 'Salt', matched: true }]);
  });

  it('keeps only the close matches when there are any, and the loose ones when nothing is close', () => {
    const texts = [
      'Top rated  Switch section, or open the latest movie, Trending or Discover',
      'Rate it  Give this film a rating from 0.5 to 10',
      'Session  Sign in, start a guest session, or sign out',
      "Quit (from a tab's first screen)",
      'Certifications  tab',
      'Search  tab',
    ];
    const match = listMatcher(texts.map((text, index) => ({ item: text.split('  ')[0]!, index, text })));
    const names = (query: string) => closeMatches(match(query), query);

    // "rate" also occurs letter by letter in "or open the latest" and "from a tab's first screen".
    expect(match('rate').length).toBeGreaterThan(2);
    expect(names('rate')).toEqual({ matches: [expect.objectContaining({ item: 'Top rated' }), expect.objectContaining({ item: 'Rate it' })], loose: false });
    expect(names('cert').matches.map((found) => found.item)).toEqual(['Certifications']);
    expect(names('ses').matches.map((found) => found.item)).toEqual(['Session']);
    // Initials and a word inside a description are close too.
    expect(names('srch').matches.map((found) => found.item)).toEqual(['Search']);
    expect(names('qfs').matches.map((found) => found.item)).toEqual(["Quit (from a tab's first screen)"]);
    expect(names('trending').matches.map((found) => found.item)).toEqual(['Top rated']);
    // Nothing close: the letters-in-order matches are given rather than nothing, and said to be loose.
    const loose = names('uen');
    expect(loose.loose).toBe(true);
    expect(loose.matches.map((found) => found.item)).toEqual(['Session', "Quit (from a tab's first screen)"]);
    expect(names('zzz')).toEqual({ matches: [], loose: false });
    // Nothing typed: everything, in order.
    expect(names('  ').matches).toHaveLength(texts.length);
  });

  it('filters the movies as typed, keeps the filter on Enter, and Esc clears it on the same row', async ({ app, service }) => {
    const { ui } = await app.start();
    const popular = await service.get<{ results: Array<{ title: string }> }>('/3/movie/popular');
    // A word of a title some way down the first page: the filter brings it to the top.
    const target = popular.results[7]!.title;
    const word = target.split(' ').find((w) => w.length >= 5 && /^[A-Za-z]+$/.test(w)) ?? target.slice(0, 5);

    await ui.press('/');
    await ui.waitFor('/ ');
    await ui.type(word.toLowerCase());
    let frame = await ui.waitFor(new RegExp(`of \\d+ loaded`));
    expect(rows(frame).length).toBeLessThan(20);
    for (const row of rows(frame)) expect(row.toLowerCase()).toMatch(new RegExp(word.toLowerCase().split('').join('.*')));
    expect(frame).toContain(target);

    // Enter gives j/k back to the list, which moves among the matches only.
    await ui.press(KEY.enter);
    frame = await ui.waitFor(/\/\S+: \d+ of \d+ loaded/);
    const matches = rows(frame).map((row) => row.slice(2));
    expect(matches.length).toBeGreaterThan(1);
    expect(selected(frame)?.slice(2)).toBe(matches[0]);
    await ui.press('j');
    expect(selected(ui.frame())?.slice(2)).toBe(matches[1]);
    await ui.press('k');
    const targetRow = matches.findIndex((row) => row.includes(target));
    for (let i = 0; i < targetRow; i++) await ui.press('j');
    expect(selected(ui.frame())).toContain(target);

    // Esc clears the filter, and the cursor stays on the film it was on.
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => !/ loaded/.test(f) && /\d+\/[\d,]+/.test(f));
    expect(selected(frame)).toContain(target);
    expect(frame).toContain('8/');
    // Enter opens that film.
    await ui.press(KEY.enter);
    await ui.waitFor(`${target} (`);
    await ui.waitFor('Original title');
  });

  it('does the same when the keys come in one burst', async ({ app, service }) => {
    const { ui } = await app.start();
    const popular = await service.get<{ results: Array<{ title: string }> }>('/3/movie/popular');
    const target = popular.results[5]!.title;
    await ui.press(`/${target.toLowerCase()}\r`);
    const frame = await ui.waitFor(/\/.+: \d+ of \d+ loaded/);
    expect(selected(frame)).toContain(target);
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');
    expect(ui.frame()).toContain(target);
    // Back on the list, the whole list, on the film opened.
    await ui.press(KEY.esc);
    const back = await ui.waitFor((f) => /\d+\/[\d,]+/.test(f) && !f.includes('Original title'));
    expect(back).not.toMatch(/ loaded/);
    expect(selected(back)).toContain(target);
    expect(back).toContain('6/');
  });

  it('says when nothing matches, and Backspace or Esc get the rows back', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('/');
    await ui.type('qqqqzx');
    await ui.waitFor('No row matches');
    await ui.press(KEY.esc);
    await ui.press(KEY.esc);
    const frame = await ui.waitFor((f) => !f.includes('No row matches') && /1\/[\d,]+/.test(f));
    expect(rows(frame).length).toBeGreaterThan(10);
  });
});
