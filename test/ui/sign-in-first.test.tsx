import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { RouteId } from '../../src/ui/routes.js';
import { embeddedAppSuite } from './embedded-app.js';

/** The screens drawn from a session's ratings, opened with no one signed in: what they follow, and the key that signs in. */

const suite = embeddedAppSuite('sign-in-first');

describe('a screen that needs a session, with none', () => {
  it.each<[RouteId, 'tv' | 'lists', string, string]>([
    ['tv.calendar', 'tv', 'Episode calendar', 'The calendar follows the series you rated or keep on your watchlist'],
    ['tv.upNext', 'tv', 'Up next', 'Up next follows the series you rate or keep on your watchlist'],
    ['lists.stats', 'lists', 'Stats', 'Stats are drawn from the ratings of an account or a guest session'],
  ])('%s says what it follows and which key signs in', async (screen, tab, title, drawnFrom) => {
    const { ui, store } = await suite.start({ columns: 100, rows: 30 });
    await act(() => store.getState().nav.switchTab(tab));
    await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, {}));
    const frame = await ui.waitFor(drawnFrom);
    expect(frame).toContain(title);
    expect(frame.replace(/\s+/g, ' ')).toMatch(new RegExp(`${drawnFrom}: \\S+ signs in\\.`));
  });
});
