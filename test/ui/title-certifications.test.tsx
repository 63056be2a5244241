import { act } from 'react';
import { describe, expect } from 'vitest';
import type { ResponseOf } from '../../src/contract/index.js';
import { certificationIn, movieCertificationsByCountry, seriesCertificationsByCountry } from '../../src/state/index.js';
import { storeTest as it, type App, type Service } from '../store-test.js';
import { KEY } from './harness.js';

/**
 * A film's and a series' certification in the user's region, in their screens' header line, and
 * the view of every country's certifications (A) whose lines open that country's label list.
 */

type ReleaseDates = ResponseOf<'movieReleaseDates'>;

const release = (certification: string, type: number, note = '') => ({ certification, type, note, descriptors: [], iso_639_1: '', release_date: '2021-03-12T00:00:00.000Z' });

describe("a title's certifications by country", () => {
  it("puts the user's region first, then countries by name; a film's label is its cinema release's", () => {
    const answer: ReleaseDates = {
      id: 1,
      results: [
        { iso_3166_1: 'GB', release_dates: [release('', 1, 'Festival'), release('12A', 3)] },
        { iso_3166_1: 'DE', release_dates: [release('16', 4), release('12', 3)] },
        { iso_3166_1: 'US', release_dates: [release('', 3)] },
        { iso_3166_1: 'BR', release_dates: [release('14', 5, 'Blu-ray')] },
      ],
    };
    const countries = movieCertificationsByCountry(answer, 'us');
    expect(countries.map((c) => [c.code, c.label])).toEqual([['US', ''], ['BR', '14'], ['DE', '12'], ['GB', '12A']]);
    expect(countries[3]!.releases.map((r) => [r.typeName, r.note])).toEqual([['Premiere', 'Festival'], ['Theatrical', '']]);
    // Released in the US, but not rated there: no label.
    expect(certificationIn(countries, 'US')).toBeUndefined();
    expect(certificationIn(countries, 'DE')).toBe('12');
    expect(certificationIn(movieCertificationsByCountry(answer, 'DE'), 'DE')).toBe('12');
    expect(movieCertificationsByCountry(answer, 'DE')[0]!.code).toBe('DE');
  });

  it("reads a series' content ratings, and old records without codes or descriptors", () => {
    const countries = seriesCertificationsByCountry(
      { id: 2, results: [{ iso_3166_1: 'US', rating: 'TV-14', descriptors: ['V'] }, { iso_3166_1: 'AU', rating: 'M' }, { rating: 'X' } as never] },
      'FR',
    );
    expect(countries.map((c) => [c.code, c.label, c.descriptors])).toEqual([['AU', 'M', []], ['US', 'TV-14', ['V']]]);
    expect(certificationIn(countries, 'FR')).toBeUndefined();
  });
});

/** The app at a size on the catalog's first rows, then the region set to `region`. */
async function start(app: App, columns: number, rows: number, region = 'US') {
  const started = await app.start({ columns, rows });
  await act(async () => started.store.getState().settings.setRegion(region));
  return started;
}

/** The first film among the popular ones (up to 3 pages) whose release dates satisfy `wanted`. */
async function filmWhere({ client }: Service, wanted: (dates: ReleaseDates) => boolean) {
  for (let page = 1; page <= 3; page++) {
    for (const film of (await client.call('popularMovies', { query: { page } })).results) {
      const dates = await client.call('movieReleaseDates', { path: { movie_id: film.id } });
      if (wanted(dates)) return { film, dates };
    }
  }
  for (const film of (await client.call('upcomingMovies', { query: {} })).results) {
    const dates = await client.call('movieReleaseDates', { path: { movie_id: film.id } });
    if (wanted(dates)) return { film, dates };
  }
  throw new Error('no such film in the catalog');
}

const ratedIn = (code: string) => (dates: ReleaseDates) => certificationIn(movieCertificationsByCountry(dates, code), code) !== undefined;

const SIZES = [
  [80, 24],
  [160, 45],
] as const;
const HOW = [
  ['one key at a time', (keys: string[]) => keys],
  ['in one read', (keys: string[]) => [keys.join('')]],
] as const;

describe('on a title', () => {
  it.for(SIZES.flatMap(([columns, rows]) => HOW.map(([how, reads]) => [columns, rows, how, reads] as const)))(
    "a film's header names its certification here; A lists every country's, and Enter lists the films so rated (%ix%i, %s)",
    { timeout: 120_000 },
    async ([columns, rows, , reads], { app, service }) => {
      const { film, dates } = await filmWhere(service, (d) => ratedIn('US')(d) && d.results.length > 2);
      const countries = movieCertificationsByCountry(dates, 'US');
      const label = certificationIn(countries, 'US')!;
      const { ui, store, calls } = await start(app, columns, rows);
      await act(() => store.getState().nav.push('movies.detail', { id: film.id, title: film.title! }));
      await ui.waitFor(`${label} in United States`);
      await ui.press(...reads(['A']));
      let frame = await ui.waitFor(': certifications');
      // The user's region first, each release with its type; the record brought them: no request of its own.
      const lines = frame.split('\n');
      const first = lines.findIndex((l) => /United States \(US\)/.test(l));
      expect(first).toBeGreaterThan(0);
      expect(lines[first]).toContain(label);
      expect(lines[first]).toMatch(/^› /);
      expect(lines.slice(first + 1, first + 1 + countries[0]!.releases.length).join('\n')).toContain('Theatrical');
      expect(frame).toContain(`${countries[1]!.name} (${countries[1]!.code})`);
      expect(calls).not.toContain('movieReleaseDates');

      // Enter on the region's line: the US films so rated, this one among them.
      const expected = await service.client.call('discoverMovies', { query: { certification_country: 'US', certification: label } });
      await ui.press(...reads([KEY.enter]));
      frame = await ui.waitFor((f) => f.includes(`Films rated ${label} in United States`) && f.includes(`${expected.total_results} · by popularity`));
      expect(expected.results.length).toBeGreaterThan(0);
      // Back, and Esc again: the film's screen as it was.
      await ui.press(...reads([KEY.esc, KEY.esc]));
      await ui.waitFor((f) => f.includes(`${label} in United States`) && !f.includes(': certifications'));
    },
  );

  it('a film not rated in the region says so, in the header and atop the countries', async ({ app, service }) => {
    const { film, dates } = await filmWhere(service, (d) => !ratedIn('US')(d));
    const { ui, store } = await start(app, 100, 30);
    await act(() => store.getState().nav.push('movies.detail', { id: film.id, title: film.title! }));
    await ui.waitFor('not rated in United States');
    await ui.press('A');
    const frame = await ui.waitFor('Not rated in United States (US).');
    // Then every country it was released in, each with its label or "not rated".
    for (const country of movieCertificationsByCountry(dates, 'US').slice(0, 3)) expect(frame).toMatch(new RegExp(`${country.name} \\(${country.code}\\)\\s+(${country.label || 'not rated'})`));
  });

  it.for(HOW)("a series' header names its rating here; A lists every country's and Enter on another opens its label list (%s)", { timeout: 120_000 }, async ([, reads], { app, service }) => {
    let found: { id: number; name: string; ratings: ResponseOf<'seriesContentRatings'> } | undefined;
    for (const series of (await service.client.call('popularTv', { query: {} })).results) {
      const ratings = await service.client.call('seriesContentRatings', { path: { series_id: series.id } });
      const countries = seriesCertificationsByCountry(ratings, 'GB');
      if (certificationIn(countries, 'GB') && countries.length > 1) {
        found = { id: series.id, name: series.name!, ratings };
        break;
      }
    }
    expect(found).toBeDefined();
    const countries = seriesCertificationsByCountry(found!.ratings, 'GB');
    const { ui, store, calls } = await start(app, 160, 45, 'GB');
    await act(() => store.getState().nav.push('tv.detail', { id: found!.id, title: found!.name }));
    await ui.waitFor(`${countries[0]!.label} in United Kingdom`);
    await ui.press(...reads(['A']));
    await ui.waitFor((f) => f.includes('certifications by country') && /› United Kingdom \(GB\)/.test(f));
    expect(calls).not.toContain('seriesContentRatings');
    const second = countries[1]!;
    await ui.press(...reads(['j', KEY.enter]));
    await ui.waitFor(`Series rated ${second.label} in ${second.name}`);
  });
});
