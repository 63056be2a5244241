import { afterEach, describe, expect, it } from 'vitest';
import type { MovieListItem, TvListItem, Video, WatchProviders } from '../../../src/contract/index.js';
import { operationSource, pagedOperationSource, topEntry, type AppStore } from '../../../src/state/index.js';
import { RelatedView } from '../../../src/ui/screens/titles/RelatedView.js';
import { VideosView } from '../../../src/ui/screens/titles/VideosView.js';
import { WatchProvidersView } from '../../../src/ui/screens/titles/WatchProvidersView.js';
import { KEY, renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** Where to watch, videos and more like this, drawn alone over a fake query layer. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

/** What the toasts say (a component drawn alone has no toast area). */
const toasts = (store: AppStore) => store.getState().notifications.toasts.map((toast) => toast.text);

const provider = (provider_id: number, provider_name: string | undefined, display_priority: number) => ({ provider_id, provider_name, display_priority, logo_path: null });

const OFFERS: WatchProviders = {
  id: 7,
  results: {
    DE: {
      link: 'https://example.org/movie/7/watch?locale=DE',
      flatrate: [provider(30, 'WOW', 2), provider(8, 'Netflix', 1)],
      rent: [provider(2, 'Apple TV', 1)],
      // An old record: a provider without a name still shows.
      buy: [provider(3, undefined, 1)],
    },
    AT: { link: 'https://example.org/movie/7/watch?locale=AT', ads: [provider(99, 'Joyn', 1)] },
    // A region listed with no offer in it is not one that has offers.
    FR: { link: 'https://example.org/movie/7/watch?locale=FR' },
  },
};

describe('where to watch', () => {
  it('groups the offers of my region by kind, and Enter opens the service page of that region', async () => {
    const opened: string[] = [];
    const { store } = fakeQueryLayer({ watchRegion: 'DE', openUrl: async (url) => (opened.push(url), { kind: 'opened', command: 'test-opener' }) }).answer(
      operationSource('movieWatchProviders', { path: { movie_id: 7 } }),
      OFFERS,
    );
    ui = await renderComponent(store, <WatchProvidersView title={{ kind: 'movie', id: 7 }} entryKey="m7" width={100} height={16} />);
    const frame = await ui.waitFor('Where to watch in Germany (DE)');
    // By the service's display priority within a kind; the kinds in the order of OFFER_KINDS.
    expect(frame).toMatch(/Stream\s+Netflix, WOW/);
    expect(frame).toMatch(/Rent\s+Apple TV/);
    expect(frame).toMatch(/Buy\s+provider 3/);
    expect(frame.indexOf('Stream')).toBeLessThan(frame.indexOf('Rent'));
    expect(frame).not.toContain('Free');
    expect(frame).toMatch(/Also offered in\s+Austria \(AT\)/);
    expect(frame).not.toContain('France');
    await ui.press(KEY.enter);
    expect(opened).toEqual(['https://example.org/movie/7/watch?locale=DE']);
    expect(toasts(store)).toContain("Opened the service's page in the browser (test-opener)");
  });

  it('says when the title has no offers in the region, names the regions that have some, and R picks another', async () => {
    const { store } = fakeQueryLayer({ watchRegion: 'JP' }).answer(operationSource('seriesWatchProviders', { path: { series_id: 7 } }), OFFERS);
    ui = await renderComponent(store, <WatchProvidersView title={{ kind: 'tv', id: 7 }} entryKey="s7" width={100} height={16} />);
    let frame = await ui.waitFor('No offers of this title in Japan (JP).');
    expect(frame).toMatch(/Offered in\s+Austria \(AT\), Germany \(DE\)/);
    await ui.press('R');
    await ui.waitFor('Region to see the offers of');
    await ui.type('austria');
    await ui.waitFor('AT  Austria');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Where to watch in Austria (AT)');
    expect(frame).toMatch(/With ads\s+Joyn/);
    expect(store.getState().watch.region).toBe('AT');
  });

  it('says so when no region has offers', async () => {
    const { store } = fakeQueryLayer().answer(operationSource('movieWatchProviders', { path: { movie_id: 8 } }), { id: 8, results: {} });
    ui = await renderComponent(store, <WatchProvidersView title={{ kind: 'movie', id: 8 }} entryKey="m8" width={80} height={12} />);
    const frame = await ui.waitFor('No offers of this title in United States (US).');
    expect(frame).toMatch(/Offered in\s+no region has offers of this title/);
  });
});

const video = (id: string, type: string, name: string, site: string, published_at: string | undefined, official = true): Video =>
  ({ id, type, name, site, key: `key-${id}`, official, published_at, iso_639_1: 'en', iso_3166_1: 'US', size: 1080 }) as Video;

describe('videos', () => {
  it('lists trailers first with site, official and date; Enter opens the highlighted one, and says when its site has no address', async () => {
    const opened: string[] = [];
    const videos = [
      video('a', 'Featurette', 'Making of', 'YouTube', '2024-03-01T10:00:00.000Z'),
      video('b', 'Teaser', 'First look', 'Vimeo', '2024-01-01T10:00:00.000Z'),
      video('c', 'Trailer', 'Official Trailer', 'YouTube', '2024-02-01T10:00:00.000Z'),
      video('d', 'Clip', 'A scene', 'Dailymotion', undefined, false),
    ];
    const { store } = fakeQueryLayer({ openUrl: async (url) => (opened.push(url), { kind: 'opened', command: 'test-opener' }) }).answer(operationSource('movieVideos', { path: { movie_id: 7 } }), { id: 7, results: videos });
    ui = await renderComponent(store, <VideosView title={{ kind: 'movie', id: 7 }} entryKey="m7" width={100} height={10} />);
    const frame = await ui.waitFor('4 videos');
    const rows = frame.split('\n').filter((line) => /Trailer|Teaser|Featurette|Clip/.test(line));
    expect(rows.map((row) => row.match(/Trailer|Teaser|Featurette|Clip/)?.[0])).toEqual(['Trailer', 'Teaser', 'Featurette', 'Clip']);
    expect(rows[0]).toMatch(/Official Trailer\s+YouTube\s+official\s+1 Feb 2024/);
    expect(rows[3]).toMatch(/A scene\s+Dailymotion\s+date unknown/);
    await ui.press(KEY.enter);
    expect(opened).toEqual(['https://www.youtube.com/watch?v=key-c']);
    await ui.press('j', KEY.enter);
    expect(opened).toEqual(['https://www.youtube.com/watch?v=key-c', 'https://vimeo.com/key-b']);
    await ui.press('j', 'j', KEY.enter);
    expect(toasts(store)).toContain('Not opened: no address is known for videos on Dailymotion');
    expect(opened).toHaveLength(2);
  });
});

describe('more like this', () => {
  it('shows the recommendations, t switches to the similar movies, Enter opens the movie', async () => {
    const movie = (id: number, title: string) => ({ id, title, release_date: '2020-01-01', vote_average: 7, vote_count: 10 }) as MovieListItem;
    const { store } = fakeQueryLayer()
      .pages(pagedOperationSource('movieRecommendations', { path: { movie_id: 7 } }), [movie(11, 'Recommended One'), movie(12, 'Recommended Two')])
      .pages(pagedOperationSource('similarMovies', { path: { movie_id: 7 } }), [movie(21, 'Similar One'), movie(22, 'Similar Two')]);
    ui = await renderComponent(store, <RelatedView title={{ kind: 'movie', id: 7 }} entryKey="m7" width={100} height={10} />);
    await ui.waitFor('Recommended Two');
    await ui.press('t');
    const frame = await ui.waitFor('Similar Two');
    expect(frame).not.toContain('Recommended One');
    await ui.press('j', KEY.enter);
    expect(topEntry(store.getState())).toMatchObject({ screen: 'movies.detail', params: { id: 22, title: 'Similar Two' } });
  });

  it('opens a recommended series on its screen', async () => {
    const series = { id: 31, name: 'Recommended Series', first_air_date: null } as TvListItem;
    const { store } = fakeQueryLayer().pages(pagedOperationSource('seriesRecommendations', { path: { series_id: 7 } }), [series]);
    ui = await renderComponent(store, <RelatedView title={{ kind: 'tv', id: 7 }} entryKey="s7" width={80} height={10} />);
    await ui.waitFor('Recommended Series');
    await ui.press(KEY.enter);
    expect(topEntry(store.getState())).toMatchObject({ screen: 'tv.detail', params: { id: 31, title: 'Recommended Series' } });
  });
});
