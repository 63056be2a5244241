import { act } from 'react';
import { describe, expect } from 'vitest';
import { storeTest as it, type App } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * A certification the service does not take (a country without a ladder, a label outside the
 * country's), asked by Discover's filters as an entry kept them or by a title's release that
 * carries a label the lists lack: the panel shows the service's message and what to change; the
 * screen stays usable, and mending the filter brings the list.
 */

/** The app at a size on the catalog's first rows, then the region set to `region` when given. */
async function start(app: App, columns = 100, rows = 30, region?: string) {
  const started = await app.start({ columns, rows });
  if (region) await act(async () => started.store.getState().settings.setRegion(region));
  return started;
}

/** The panel's text on one line, as it wraps it. */
const flat = (frame: string) => frame.replace(/\s+/g, ' ');

describe('a certification the service refuses', () => {
  it.for([
    ['a country without certifications', { certificationCountry: 'AQ', certification: 'PG' }, 'certification_country "AQ" has no movie certifications; see /3/certification/movie/list for the countries.'],
    ['a label outside the ladder', { certificationCountry: 'US', certification: '12A' }, 'certification "12A" is not a movie certification of US; its labels are NR, G, PG, PG-13, R, NC-17.'],
  ] as const)("Discover with %s shows the service's message and the key to change the filters; choosing a label mends it", async ([, certification, message], { app, service }) => {
    const { ui, store } = await start(app);
    await act(() =>
      store.getState().nav.push('browse.discover', {
        title: 'Discover',
        kind: 'movie',
        filters: {
          genres: [], genreMatch: 'all', yearFrom: '', yearTo: '', voteFloor: '', language: undefined, sort: 'popularity.desc',
          certificationOrBelow: false, ...certification,
        },
      }),
    );
    let frame = await ui.waitFor('Could not load discovered movies');
    expect(flat(frame)).toContain(message);
    expect(flat(frame)).toContain('The service refused what was asked: press f to change the filters, and the list loads again.');
    // No empty list passing for an answer, and no retry key that would ask the same again.
    expect(frame).not.toMatch(/No movies match|1\/\d/);
    expect(frame).not.toContain('Press r to try again');

    // The filters: "Rated in" (three up from the first field), the United States, then its label PG.
    await ui.press('f', KEY.up, KEY.up, KEY.up, KEY.enter);
    await ui.waitFor('Country whose movie certifications to filter by');
    await ui.type('US');
    await ui.press(KEY.enter, KEY.down, KEY.enter);
    await ui.waitFor('Movie certification in United States, mildest first');
    await ui.type('PG');
    await ui.press(KEY.enter, KEY.esc);
    const expected = await service.client.call('discoverMovies', { query: { sort_by: 'popularity.desc', certification_country: 'US', certification: 'PG' } });
    frame = await ui.waitFor((f) => f.includes('Rated PG in US') && f.includes(`1/${expected.total_results}`));
    expect(frame).not.toContain('Could not load');
  });

  it("a title's label the country's list lacks: its titles screen says what the service takes and how to go back", async ({ app }) => {
    const { ui, store } = await start(app, 80, 24);
    // As a film's release on the real service may be labelled ("Unrated" is no US label).
    await act(() => store.getState().nav.push('certifications.titles', { kind: 'movie', country: 'US', label: 'Unrated', title: 'US Unrated' }));
    const frame = await ui.waitFor('Could not load the films rated Unrated in United States');
    expect(flat(frame)).toContain('certification "Unrated" is not a movie certification of US; its labels are NR, G, PG, PG-13, R, NC-17.');
    expect(flat(frame)).toContain("Esc goes back; the country's page in the Certifications tab (5) lists the labels it takes.");
    // Still a working screen: b asks the service again (or below), o too; Esc goes back.
    await ui.press('b');
    await ui.waitFor('Could not load the films rated Unrated or below in United States');
    await ui.press(KEY.esc);
    await ui.waitFor((f) => !f.includes('Unrated'));
  });

  it('a series label asked of a country whose TV list lacks it', async ({ app }) => {
    const { ui, store } = await start(app);
    await act(() => store.getState().nav.push('certifications.titles', { kind: 'tv', country: 'GB', label: 'TV-14', title: 'GB TV-14' }));
    const frame = await ui.waitFor('Could not load the series rated TV-14 in United Kingdom');
    expect(flat(frame)).toMatch(/certification "TV-14" is not a TV certification of GB; its labels are [^.]+\./);
  });

  it("a region without certifications (as a hand-edited config may name) says so in Discover's label picker and on a title", async ({ app, service }) => {
    const { ui, store } = await start(app, 100, 30, 'AQ');
    await ui.press('D');
    await ui.waitFor('Discover movies');
    // "Rated" (two up from the first field) with no country chosen: the region's labels, and it has none.
    await ui.press('f', KEY.up, KEY.up, KEY.enter);
    let frame = await ui.waitFor('Antarctica has no movie certifications');
    expect(frame).toContain('choose a country in "Rated in" first');
    await ui.press(KEY.esc);
    await ui.waitFor((f) => f.includes('Rated      any') && !f.includes('Antarctica has no'));
    const film = (await service.client.call('popularMovies', { query: {} })).results[0]!;
    await act(() => store.getState().nav.push('movies.detail', { id: film.id, title: film.title! }));
    frame = await ui.waitFor('not rated in Antarctica');
  });
});
