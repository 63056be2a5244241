import { afterEach, describe, expect, it } from 'vitest';
import { Header, statusRight, trailWithin } from '../../../src/ui/components/Header.js';
import { renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** The header's status line while screens show answers kept from before the service went away. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

const statusLine = (frame: string) => frame.split('\n')[1] ?? '';

describe('the offline mark', () => {
  it('shows "offline, as of <time>" while the store says so, whole even at 60 columns, and goes when it is cleared', async () => {
    const { store } = fakeQueryLayer({ service: { kind: 'remote', label: 'api.themoviedb.org' } });
    ui = await renderComponent(store, <Header width={60} />, { columns: 60 });
    expect(statusLine(ui.frame())).not.toContain('offline');

    const storedAt = new Date(2026, 0, 2, 9, 5).getTime();
    store.setState((s) => ({ connection: { ...s.connection, offlineAsOf: storedAt } }));
    const frame = await ui.waitFor(/offline/);
    expect(statusLine(frame)).toMatch(/offline, as of 2 Jan( 2026)? 09:05/);
    expect(frame.split('\n').every((line) => line.length <= 60)).toBe(true);

    store.setState((s) => ({ connection: { ...s.connection, offlineAsOf: undefined } }));
    await ui.waitFor((f) => !f.includes('offline'));
    expect(statusLine(ui.frame())).toContain('not signed in · api.themoviedb.org');
  });
});

describe('the status line', () => {
  it('stays one line at 80 columns with a long breadcrumb, the mark whole and who and where cut first', async () => {
    const { store } = fakeQueryLayer({ service: { kind: 'remote', label: '127.0.0.1:32819' } });
    store.setState((s) => ({
      nav: { ...s.nav, stacks: { ...s.nav.stacks, movies: [{ key: 'm1', screen: 'movies.detail', params: { id: 232, title: 'Forgotten Letter of the Long Winter' } }] } },
      connection: { ...s.connection, offlineAsOf: new Date(2026, 0, 2, 15, 17).getTime() },
    }));
    ui = await renderComponent(store, <Header width={80} />, { columns: 80 });
    const frame = await ui.waitFor(/offline/);
    expect(frame.split('\n').filter((line) => line.trim() !== '')).toHaveLength(2);
    // The breadcrumb is cut from the left: the screen you are on stays in sight.
    expect(statusLine(frame)).toMatch(/^Forgotten Letter of … offline, as of .*15:17 not signed in · 127\.0\.0\.1:32819$/);
    // Narrower, who and where give way before the mark and the breadcrumb's start.
    ui.unmount();
    ui = await renderComponent(store, <Header width={60} />, { columns: 60 });
    const narrow = await ui.waitFor(/offline/);
    expect(narrow.split('\n').filter((line) => line.trim() !== '')).toHaveLength(2);
    expect(statusLine(narrow)).toMatch(/^Forgotten L… offline, as of .*15:17 not signed in · 127…$/);
  });

  it('cuts the breadcrumb from the left, keeping the screen you are on', () => {
    const crumbs = ['Movies', 'Popular', 'The Last Compass', 'Maren Kellby'];
    expect(trailWithin(crumbs, 80)).toBe('Movies › Popular › The Last Compass › Maren Kellby');
    expect(trailWithin(crumbs, 40)).toBe('… › The Last Compass › Maren Kellby');
    expect(trailWithin(crumbs, 20)).toBe('… › Maren Kellby');
    expect(trailWithin(crumbs, 8)).toBe('Maren K…');
    expect(trailWithin(['Movies'], 3)).toBe('Mo…');
  });

  it('gives who and where what is left beside the mark and the start of the breadcrumb', () => {
    expect(statusRight(80, 10, undefined, 'not signed in · api.themoviedb.org')).toBe('not signed in · api.themoviedb.org');
    expect(statusRight(40, 30, 'offline, as of 15:17', 'not signed in · api.themoviedb.org')).toBe('not s…');
    expect(statusRight(30, 30, 'offline, as of 15:17', 'not signed in · api.themoviedb.org')).toBe('');
  });
});
