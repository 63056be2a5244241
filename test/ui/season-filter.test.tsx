import { describe, expect } from 'vitest';
import { storeTest } from '../store-test.js';
import { KEY } from './harness.js';
import { seasonOpenedByKeys, seriesWithSeason } from './tv-support.js';

/**
 * `/` on a season's episodes: the rows keep their columns, the matched letters of the names are
 * marked, and the episodes selected with `v` are kept by id, so a selection outlasts filtering
 * and rating the batch rates exactly the episodes selected.
 */

let target: Awaited<ReturnType<typeof seriesWithSeason>>;

/** The TUI on the embedded catalog, opened on the season's episode list by keys. */
const it = storeTest.extend('season', ({ app }) => seasonOpenedByKeys(app, target));
it.beforeAll(async ({ service }) => {
  target = await seriesWithSeason(service.client, 6);
});

const nameOf = (number: number) => target.details.episodes.find((e) => e.episode_number === number)!.name;

/** The episode rows drawn: number, whether marked (+) and highlighted (›), and the line. */
function episodeRows(frame: string) {
  return frame.split('\n').flatMap((line) => {
    const match = /^([› ])\s+(\+?)(\d+)\s{2}/.exec(line);
    return match ? [{ number: Number(match[3]), marked: match[2] === '+', highlighted: match[1] === '›', line }] : [];
  });
}
const marked = (frame: string) => episodeRows(frame).filter((r) => r.marked).map((r) => r.number);
const highlighted = (frame: string) => episodeRows(frame).find((r) => r.highlighted)?.number;

describe('the filter of a season’s episodes', () => {
  it('filters the episodes by name with their columns, and Esc brings all back on the same row', async ({ season: { ui } }) => {
    const all = episodeRows(ui.frame()).length;
    const wanted = target.details.episodes.find((e) => e.episode_number >= 4)!;
    await ui.press('/');
    await ui.waitFor('/ ');
    await ui.type(wanted.name.toLowerCase());
    let frame = await ui.waitFor(/of \d+ · Enter keeps it/);
    const rows = episodeRows(frame);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(all);
    expect(highlighted(frame)).toBe(wanted.episode_number);
    // The row keeps its aired date and vote columns under the filter.
    expect(rows[0]!.line).toMatch(/\d{1,2} \w{3} \d{4}|—/);
    await ui.press(KEY.enter);
    await ui.waitFor(/\/\S.*: \d+ of \d+/);
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => episodeRows(f).length === all);
    expect(highlighted(frame)).toBe(wanted.episode_number);
  });

  it('keeps the selection through filtering, and rating the batch rates exactly those episodes', async ({ season: { ui, calls } }) => {
    // Episodes 1 and 2.
    await ui.press('v', 'j');
    await ui.waitFor((f) => marked(f).join(',') === '1,2');
    // Filter to another one and select it there.
    const wanted = target.details.episodes.find((e) => e.episode_number >= 4 && e.name !== nameOf(1) && e.name !== nameOf(2))!;
    await ui.press('/');
    await ui.waitFor('/ ');
    await ui.type(wanted.name.toLowerCase());
    await ui.waitFor((f) => highlighted(f) === wanted.episode_number);
    await ui.press(KEY.enter);
    await ui.press('v');
    await ui.waitFor((f) => marked(f).includes(wanted.episode_number));
    expect(ui.frame()).toContain('3 selected');
    // Esc clears the filter first; every episode selected is still marked.
    await ui.press(KEY.esc);
    let frame = await ui.waitFor((f) => episodeRows(f).some((r) => r.number === 1));
    expect(marked(frame)).toEqual([1, 2, wanted.episode_number]);
    expect(frame).toContain('3 selected');

    calls.length = 0;
    await ui.press('r');
    await ui.waitFor(`Rate 3 episodes (S${target.season.season_number} E1 and 2 more)`);
    await ui.press('8', KEY.enter);
    frame = await ui.waitFor((f) => episodeRows(f).filter((r) => r.line.trimEnd().endsWith('8.0')).length === 3);
    const rated = episodeRows(frame).filter((r) => r.line.trimEnd().endsWith('8.0')).map((r) => r.number);
    expect(rated).toEqual([1, 2, wanted.episode_number]);
    expect(calls.filter((c) => c === 'rateEpisode')).toHaveLength(3);
    // Rating the batch clears the selection.
    expect(marked(frame)).toEqual([]);
  });

  it('Esc under a filter clears the filter, and only then the selection', async ({ season: { ui } }) => {
    await ui.press('v');
    await ui.waitFor((f) => marked(f).join(',') === '1');
    await ui.press('/');
    await ui.type(nameOf(1).toLowerCase().slice(0, 6));
    await ui.press(KEY.enter);
    await ui.press(KEY.esc);
    let frame = await ui.waitFor((f) => !/\/\S.*: \d+ of \d+/.test(f) && episodeRows(f).length >= 6);
    expect(marked(frame)).toEqual([1]);
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => marked(f).length === 0);
    expect(frame).not.toContain('selected:');
  });
});
