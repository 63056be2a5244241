import { act } from 'react';
import { describe, expect } from 'vitest';
import type { RouteId } from '../../src/ui/routes.js';
import { storeTest as it } from '../store-test.js';

/** The screens drawn from a session's ratings, opened with no one signed in: what they follow, and the key that signs in. */

describe('a screen that needs a session, with none', () => {
  it.for<[RouteId, 'tv' | 'lists', string, string]>([
    ['tv.calendar', 'tv', 'Episode calendar', 'The calendar follows the series you rated or keep on your watchlist'],
    ['tv.upNext', 'tv', 'Up next', 'Up next follows the series you rate or keep on your watchlist'],
    ['lists.stats', 'lists', 'Stats', 'Stats are drawn from the ratings of an account or a guest session'],
  ])('%s says what it follows and which key signs in', async ([screen, tab, title, drawnFrom], { app }) => {
    const { ui, store } = await app.start({ columns: 100, rows: 30 });
    await act(() => store.getState().nav.switchTab(tab));
    await act(() => (store.getState().nav.push as (s: string, p: unknown) => void)(screen, {}));
    const frame = await ui.waitFor(drawnFrom);
    expect(frame).toContain(title);
    expect(frame.replace(/\s+/g, ' ')).toMatch(new RegExp(`${drawnFrom}: \\S+ signs in\\.`));
  });
});
