import { describe, expect } from 'vitest';
import { RATING_MESSAGES, type ModernResponseOf } from '../../src/contract/index.js';
import { storeTest, type StartedApp } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';
import { seasonOpenedByKeys, seriesWithSeason } from './tv-support.js';

let target: Awaited<ReturnType<typeof seriesWithSeason>>;
const RIGHT = '\u001B[C';

/** The TUI on the embedded catalog, opened on the season's episode list by keys. */
const it = storeTest.extend('season', ({ app }) => seasonOpenedByKeys(app, target));
it.beforeAll(async ({ service }) => {
  target = await seriesWithSeason(service.client, 4);
});

function episodeName(season: ModernResponseOf<'seasonDetails'>, number: number): string {
  return season.episodes.find((e) => e.episode_number === number)!.name.slice(0, 24);
}

/** The row of episode `number`, as drawn. */
function row(frame: string, number: number): string {
  const name = episodeName(target.details, number);
  const line = frame.split('\n').find((l) => l.includes(name) && new RegExp(`^[› ]\\s+${number}\\s`).test(l));
  if (!line) throw new Error(`no row for episode ${number} in:\n${frame}`);
  return line;
}

describe('quick rating', () => {
  it('rates three episodes in a row by keys, with a guest session started on demand', async ({ season }) => {
    const { ui } = season;
    expect(ui.frame()).toContain('Not signed in: your first rating starts a guest session');

    await ui.press('r');
    await ui.waitFor('Rate S');
    await ui.press('8', KEY.enter);
    await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('8.0'));
    await ui.press('r', '7', '.', '5', KEY.enter);
    await ui.waitFor((f) => row(f, 2).trimEnd().endsWith('7.5'));
    // The form starts from the value saved last; → raises it by a half point.
    await ui.press('r', RIGHT, KEY.enter);
    const frame = await ui.waitFor((f) => row(f, 3).trimEnd().endsWith('8.0'));

    expect(frame).toContain('guest session');
    expect(row(frame, 4).startsWith('›')).toBe(true);
    expect(season.calls.filter((c) => c === 'createGuestSession')).toHaveLength(1);
    expect(season.calls.filter((c) => c === 'rateEpisode')).toHaveLength(3);
    expect(frame).toContain('Guest session: 3 of');
  });

  it('rates from keys typed faster than the terminal is read (one chunk ending in Enter)', async ({ season }) => {
    const { ui } = season;
    await ui.press('r8\r');
    await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('8.0'));
    expect(season.calls.filter((c) => c === 'rateEpisode')).toHaveLength(1);
    expect(row(ui.frame(), 2).startsWith('›')).toBe(true);
  });

  it('refuses a value off the half-point steps in the form, without a request', async ({ season }) => {
    const { ui } = season;
    await ui.press('r', '7', '.', '2', KEY.enter);
    let frame = await ui.waitFor(RATING_MESSAGES.notHalfStep);
    expect(frame).toContain('Rate S');
    await ui.press(KEY.backspace, KEY.backspace, KEY.backspace, '1', '1', KEY.enter);
    frame = await ui.waitFor(RATING_MESSAGES.tooHigh);
    expect(season.calls).not.toContain('rateEpisode');
    // Esc closes the form without saving.
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => !f.includes('Rate S'));
    expect(row(frame, 1).trimEnd().endsWith('·')).toBe(true);
  });

  it('shows a service refusal in the form and keeps the typed value; Enter tries again', async ({ season }) => {
    const { ui } = season;
    // A refusal, not an outage (an outage keeps the rating on this machine: see state/rating-journal.test.ts).
    season.failNext('rateEpisode', 404, 34, 'The resource you requested could not be found.');
    await ui.press('r', '6', '.', '5', KEY.enter);
    const frame = await ui.waitFor('could not be found');
    expect(frame).toContain('(HTTP 404)');
    expect(frame).toMatch(/Rate S\d+ E1: 6\.5/);
    expect(row(frame, 1).startsWith('›')).toBe(true);
    await ui.press(KEY.enter);
    await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('6.5') && !f.includes('Rate S'));
  });

  it('deletes a rating after asking, and keeps it when told no', async ({ season }) => {
    const { ui } = season;
    await ui.press('r', '9', KEY.enter);
    await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('9.0'));
    await ui.press('k', 'X');
    await ui.waitFor(/Delete your rating 9\.0 of S\d+ E1\?/);
    await ui.press('n');
    let frame = await ui.waitFor((f) => !f.includes('Delete your rating'));
    expect(row(frame, 1).trimEnd().endsWith('9.0')).toBe(true);
    await ui.press('X', 'y');
    frame = await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('·'));
    expect(frame).toContain('Deleted your rating');
    expect(season.calls.filter((c) => c === 'deleteEpisodeRating')).toHaveLength(1);
  });

  describe('rating mode: one key an episode', () => {
    /** m, then 8, 7 . (7.5), 0 (10): three episodes with three values in five keys (the season has at least four). */
    const KEYS = ['m', '8', '7', '.', '0'];

    async function expectRated(ui: Rendered, season: StartedApp) {
      // Drawn without the ellipsis of a value being saved: the service answered each.
      const frame = await ui.waitFor((f) => ['8.0', '7.5', '10.0'].every((value, i) => row(f, i + 1).trimEnd().endsWith(value)));
      // 7 then . is a newer intent of 7.5: the 7 may or may not have gone out first, never after it.
      expect(season.calls.filter((c) => c === 'rateEpisode').length).toBeGreaterThanOrEqual(3);
      expect(row(frame, 4).startsWith('›')).toBe(true);
      expect(frame).toContain('rating mode');
      return frame;
    }

    it('rates the highlighted episode and moves on with each digit, keys one at a time', async ({ season }) => {
      const { ui } = season;
      for (const key of KEYS) await ui.press(key);
      const frame = await expectRated(ui, season);
      expect(frame).toMatch(/Rating mode: 1-9 rate S\d+ E4 and move on/);
    });

    it('does the same with the keys in one read', async ({ season }) => {
      const { ui } = season;
      await ui.press(KEYS.join(''));
      await expectRated(ui, season);
    });

    it('Backspace takes back the last rating and steps back to it, X asks before deleting, and Esc leaves the mode', async ({ season: { ui } }) => {
      await ui.press('m', '9');
      await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('9.0') && row(f, 2).startsWith('›'));
      await ui.press(KEY.backspace);
      await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('·') && row(f, 1).startsWith('›') && f.includes('Undid your rating of S'));
      await ui.press('9', 'k', 'X');
      await ui.waitFor(/Delete your rating 9\.0 of S\d+ E1\?/);
      await ui.press('y');
      await ui.waitFor((f) => row(f, 1).trimEnd().endsWith('·') && f.includes('Deleted your rating'));
      await ui.press(KEY.esc);
      const frame = await ui.waitFor((f) => !f.includes('Rating mode:'));
      // Out of the mode a digit is a tab again, not a rating.
      expect(frame).toContain('r rates the highlighted episode');
    });
  });
});

