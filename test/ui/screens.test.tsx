import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { describe, expect } from 'vitest';
import { MONO_THEME } from '../../src/ui/theme.js';
import { storeTest, type App, type Service, type StartOptions } from '../store-test.js';
import { KEY } from './harness.js';

const it = storeTest.override('over', 'fake');

/** The app on the fake service with `token` (the service's own by default). */
async function start({ app, service }: { app: App; service: Service }, token: string | undefined = service.token, options: StartOptions = {}) {
  const { ui, test } = await app.start({ ...options, target: { ...service.target, token } });
  return { ui, store: test };
}

describe('starting', () => {
  it('says what to set when the token is rejected, without a stack trace', async ({ app, service }) => {
    const { ui, store } = await start({ app, service }, 'wrong-token');
    const frame = await ui.waitFor('rejected the access token');
    expect(frame).toContain('MARQUEE_TOKEN');
    expect(frame).toContain(store.dataDir);
    expect(frame).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(frame).toMatch(/r\s+retry/);
  });

  it('says the service cannot be reached, and r retries', async ({ app, service }) => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    let attempts = 0;
    const { ui } = await app.start({
      target: async () => {
        attempts++;
        const baseUrl = attempts === 1 ? `http://127.0.0.1:${port}` : service.url;
        return { baseUrl, token: service.token, approvalBase: baseUrl };
      },
    });
    await ui.waitFor('Cannot reach 127.0.0.1');
    await ui.press('r');
    await ui.waitFor('Evil Dead Rise');
  });
});

describe('screens', () => {
  it('shows a failed load in the panel with a toast for a 429, and r loads again', async ({ app, service }) => {
    service.fake.failNext('GET /3/movie/popular', {
      status: 429,
      body: { success: false, status_code: 25, status_message: 'Your request count (41) is over the allowed limit of 40.' },
    });
    const { ui } = await start({ app, service });
    const frame = await ui.waitFor('Could not load popular movies');
    expect(frame).toContain('! Your request count (41) is over the allowed limit of 40. (HTTP 429)');
    expect(frame).toContain('Press r to try again');
    await ui.press('r');
    await ui.waitFor('Evil Dead Rise');
  });

  it('knows the whole list: End goes to its last row at once, loading the last page alone', async ({ app, service }) => {
    const { ui } = await start({ app, service });
    await ui.waitFor('1/60');
    await ui.press(KEY.end);
    await ui.waitFor((frame) => frame.includes('60/60') && !frame.includes('loading more'));
    expect(service.fake.requests.filter((r) => r.startsWith('GET /3/movie/popular?page=3'))).toHaveLength(1);
  });

  it('opens a movie with Enter', async ({ app, service }) => {
    const { ui } = await start({ app, service });
    await ui.waitFor('Evil Dead Rise');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('Released');
    expect(frame).toMatch(/\d+h \d+m|runtime unknown/);
  });

  it('Lists: says how to sign in, then shows my lists and opens one', async ({ app, service }) => {
    const { ui, store } = await start({ app, service });
    await ui.press('4');
    await ui.waitFor('Press s to sign in');
    await act(() => store.store.getState().session.signInWithPassword('alice', 'correct horse'));
    let frame = await ui.waitFor('My lists');
    frame = await ui.waitFor(/movies/);
    expect(frame).not.toContain('Press s to sign in');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Films to see');
    expect(frame).toContain('Evil Dead Rise');
  });

  it('Certifications: countries by name, the highlighted one certifications in order', async ({ app, service }) => {
    const { ui } = await start({ app, service });
    await ui.press('5');
    // It opens on the user's region, on movies; t turns to TV, g to the first country.
    await ui.waitFor('› United States (US)');
    await ui.press('t');
    await ui.waitFor('TV certifications by country');
    let frame = await ui.press('g').then(() => ui.waitFor('› Argentina (AR)'));
    expect(frame).toContain('Canada (Quebec) (CA-QC)');
    // Argentina, Australia, Brazil, Bulgaria, Canada, Canada (Quebec), ...: move down.
    await ui.press('j');
    frame = await ui.waitFor((f) => f.includes('› Australia (AU)') && f.split('Australia (AU)').length === 3);
    // The right pane starts at column 36; each certification's label opens its row, in order.
    const lines = frame.split('\n').map((line) => line.slice(36));
    const rows = ['P ', 'C ', 'G '].map((label) => lines.findIndex((line) => line.startsWith(label)));
    expect(rows.every((row) => row > 0)).toBe(true);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    await ui.press('t');
    await ui.waitFor('Movie certifications by country');
  });
});

describe('without colour', () => {
  it('marks the selection and the active tab with glyphs, not colour', async ({ app, service }) => {
    const { ui } = await start({ app, service }, service.token, { theme: MONO_THEME });
    const frame = await ui.waitFor('Evil Dead Rise');
    expect(frame).not.toMatch(/\u001B\[/);
    expect(frame).toContain('[1 Movies]');
    const marked = frame.split('\n').filter((line) => line.startsWith('› '));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain('Evil Dead Rise');
    await ui.press('j');
    const next = ui.frame().split('\n').filter((line) => line.startsWith('› '));
    expect(next).toHaveLength(1);
    expect(next[0]).not.toContain('Evil Dead Rise');
  });
});
