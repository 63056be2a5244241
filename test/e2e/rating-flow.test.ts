import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { episodeRatings, KEYS, openFirstSeason, spawnMarquee, waitForScreen, type PtySession } from './pty-harness.js';

let session: PtySession | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
});

const rated = (episode: number, value: string) => (screen: string) => episodeRatings(screen).get(episode) === value;

describe('quick rating in a terminal', () => {
  it('rates three episodes of a season in a row and shows the ratings on their rows', async () => {
    session = spawnMarquee();
    const pty = session;
    await openFirstSeason(pty);
    await pty.waitForText('Not signed in: your first rating starts a guest session');
    await waitForScreen(pty, (s) => episodeRatings(s).size >= 3, 'the episode rows');

    // r opens the form on the highlighted row; what is typed shows in it; Enter saves and moves on.
    const rate = async (episode: number, keys: string[], shown: string) => {
      await pty.press('r');
      await pty.waitForText(`E${episode}: `);
      await pty.press(...keys);
      await pty.waitForText(new RegExp(`E${episode}: ${shown.replace('.', '\\.')}`));
      await pty.press(KEYS.enter);
      return waitForScreen(pty, rated(episode, Number(shown).toFixed(1)), `episode ${episode} rated ${shown}`);
    };
    await rate(1, ['8'], '8');
    await rate(2, ['7', '.', '5'], '7.5');
    let screen = await rate(3, ['9'], '9');

    expect(screen).toContain('guest session');
    expect(screen).toMatch(/Guest session: 3 of \d+ rated\./);
    const rows = episodeRatings(screen);
    expect([rows.get(1), rows.get(2), rows.get(3), rows.get(4)]).toEqual(['8.0', '7.5', '9.0', '·']);
    // The cursor went on to the fourth episode.
    expect(screen.split('\n').find((line) => line.startsWith('›'))).toMatch(/^›\s+4\s/);

    // Back to the series and into the season again: the ratings are still on their rows.
    await pty.press(KEYS.esc);
    await pty.waitForText('Seasons');
    await pty.press(KEYS.enter);
    screen = await waitForScreen(pty, rated(3, '9.0'), 'the ratings after coming back');
    expect(episodeRatings(screen).get(1)).toBe('8.0');
    expect(episodeRatings(screen).get(2)).toBe('7.5');

    await pty.press(KEYS.esc, KEYS.esc, 'q');
    expect((await pty.exited).exitCode).toBe(0);
    // A whole session in a terminal, as the other pty flows: room for a busy machine.
  }, 90_000);
});
