import { afterEach, describe, expect, it } from 'vitest';
import type { ModernResponseOf } from '../../../src/contract/index.js';
import { operationSource, pagedOperationSource, topEntry } from '../../../src/state/index.js';
import { CertificationsScreen } from '../../../src/ui/screens/certifications/CertificationsScreen.js';
import { MoviesHome } from '../../../src/ui/screens/movies/MoviesHome.js';
import { MovieScreen } from '../../../src/ui/screens/movies/MovieScreen.js';
import { SearchScreen } from '../../../src/ui/screens/search/SearchScreen.js';
import { readFixture } from '../../fixtures.js';
import { KEY, renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** The Movies, Search and Certifications screens drawn alone, over a fake query layer: no service, no shell. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

describe('the Movies screens alone', () => {
  it('lists the section from the query layer, and Enter pushes the movie with its typed parameters', async () => {
    const movies = (readFixture('E14-movie-upcoming.spec.json') as ModernResponseOf<'upcomingMovies'>).results;
    const { store } = fakeQueryLayer().pages(pagedOperationSource('popularMovies', {}), movies);
    ui = await renderComponent(store, <MoviesHome entry={{ key: 'movies:root', params: {} }} width={80} height={20} />);
    await ui.waitFor(movies[0]!.title!);
    await ui.press('j', KEY.enter);
    expect(topEntry(store.getState())).toMatchObject({ screen: 'movies.detail', params: { id: movies[1]!.id, title: movies[1]!.title } });
  });

  it('shows the latest movie, and the images view from its own read', async () => {
    const latest = readFixture('E1-movie-latest.spec.json') as ModernResponseOf<'movieLatest'>;
    const images = readFixture('E22-movie-images.spec.json') as ModernResponseOf<'movieImages'>;
    const { store } = fakeQueryLayer()
      .answer(operationSource('movieLatest', {}), latest)
      .answer(operationSource('movieImages', { path: { movie_id: latest.id } }), { ...images, id: latest.id });
    ui = await renderComponent(store, <MovieScreen entry={{ key: 'm1', params: { latest: true, title: 'Latest movie' } }} width={100} height={24} />);
    await ui.waitFor(latest.title!);
    await ui.press('i');
    const frame = await ui.waitFor(`${images.posters!.length} posters · ${images.backdrops!.length} backdrops`);
    // No configuration was given, so no address can be made: the screen says so instead of a wrong one.
    expect(frame).toContain('The image address needs the configuration, which is not loaded.');
  });
});

describe('the Search screen alone', () => {
  it('shows the results of the submitted search, and Enter on a series pushes the series screen', async () => {
    const found = readFixture('E20-search-multi.spec.json') as ModernResponseOf<'searchMulti'>;
    const { store } = fakeQueryLayer().pages(pagedOperationSource('searchMulti', { query: { query: 'star wars' } }), found.results);
    store.getState().search.setQuery('star wars');
    store.getState().search.submit();
    ui = await renderComponent(store, <SearchScreen entry={{ key: 'search:root', params: {} }} width={100} height={24} />);
    await ui.waitFor('Star Wars: Andor');
    const series = found.results.findIndex((r) => r.media_type === 'tv');
    for (let i = 0; i < series; i++) await ui.press('j');
    await ui.press(KEY.enter);
    expect(topEntry(store.getState())).toMatchObject({ screen: 'tv.detail', params: { id: found.results[series]!.id } });
  });
});

describe('the Certifications screen alone', () => {
  it('names the countries of the answer, and typing after / filters them', async () => {
    const answer = readFixture('E21-certification-tv.spec.json') as ModernResponseOf<'tvCertifications'>;
    const { store } = fakeQueryLayer().answer(operationSource('tvCertifications', {}), answer);
    // The tab opens on movies; these are TV certifications.
    store.getState().certifications.setKind('tv');
    ui = await renderComponent(store, <CertificationsScreen entry={{ key: 'certifications:root', params: {} }} width={100} height={24} />);
    // It opens on the user's region (the United States here).
    await ui.waitFor('› United States (US)');
    await ui.press('/', 'g', 'e', 'r');
    const frame = await ui.waitFor('Germany');
    expect(frame).not.toContain('United States');
  });
});
