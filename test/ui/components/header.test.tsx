import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../../../src/ui/components/Header.js';
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
