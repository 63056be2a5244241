import { describe, expect } from 'vitest';
import {
  episodeScreenSource,
  movieScreenSource,
  personScreenSource,
  operationSource,
  pagedOperationSource,
  pagedState,
  queryState,
  seriesScreenSource,
} from '../../src/state/index.js';
import { SERVICE_LANGUAGE } from '../../src/contract/index.js';
import { withLanguage } from '../../src/state/words/content-language.js';
import { storeTest } from '../store-test.js';
import { eventually } from './support.js';

/**
 * A film's and a series' screen in one request: the parts appended to the details are kept as
 * the reads each view asks for, equal to what those reads answer on their own, so opening a
 * view asks nothing; later pages of a paged part are asked as usual.
 */

const it = storeTest.override('over', 'served');

const film = { path: { movie_id: 4 } };
const series = { path: { series_id: 3 } };

describe('a screen record', () => {
  it('loads a film with its parts in one call and keeps each part as its own read', async ({ service: { served: server }, fileStore: test }) => {
    const { store, calls } = test;
    const queries = () => store.getState().queries;
    calls.length = 0;
    await queries().load(movieScreenSource(4));
    expect(calls).toEqual(['movieDetails']);
    expect(queryState(queries(), operationSource('movieDetails', film)).data?.id).toBe(4);

    const kept = ['movieImages', 'movieVideos', 'movieWatchProviders', 'movieCredits'] as const;
    // As the store asks each read on its own: in its language, with the untagged images.
    const alone = await Promise.all(kept.map((op) => server.client.call(op, { ...film, query: withLanguage(op, {}, SERVICE_LANGUAGE) } as never)));
    kept.forEach((op, i) => expect(queryState(queries(), operationSource(op, film))).toEqual({ status: 'ready', data: alone[i] }));

    await eventually(() => {
      for (const op of ['movieRecommendations', 'similarMovies', 'movieLists'] as const) {
        expect(pagedState(queries(), pagedOperationSource(op, film)).status).toBe('ready');
      }
    });
    const recommended = pagedOperationSource('movieRecommendations', film);
    const firstPage = await server.client.call('movieRecommendations', { ...film, query: { language: SERVICE_LANGUAGE } });
    expect(pagedState(queries(), recommended).items.map((m) => m.id)).toEqual(firstPage.results.map((m) => m.id));

    // Every view above opens without a request; the next page is asked as usual.
    for (const op of kept) await queries().load(operationSource(op, film));
    await queries().loadPages(recommended);
    expect(calls).toEqual(['movieDetails']);
    expect(firstPage.total_pages).toBeGreaterThan(1);
    await queries().loadMore(recommended.key, true);
    expect(calls).toEqual(['movieDetails', 'movieRecommendations']);
    expect(pagedState(queries(), recommended).items.length).toBeGreaterThan(firstPage.results.length);
  });

  it('loads a series with its keywords, videos, offers, related titles and everyone in it in one call', async ({ service: { served: server }, fileStore: test }) => {
    const { store, calls } = test;
    const queries = () => store.getState().queries;
    calls.length = 0;
    await queries().load(seriesScreenSource(3));
    expect(calls).toEqual(['tvDetails']);
    const keywords = await server.client.call('tvKeywords', series);
    expect(queryState(queries(), operationSource('tvKeywords', series)).data).toEqual(keywords);
    await eventually(() => expect(pagedState(queries(), pagedOperationSource('similarSeries', series)).status).toBe('ready'));
    await queries().load(operationSource('seriesVideos', series));
    await queries().load(operationSource('seriesWatchProviders', series));
    const everyone = operationSource('seriesAggregateCredits', series);
    expect(queryState(queries(), everyone).data).toEqual(
      await server.client.call('seriesAggregateCredits', { ...series, query: { language: SERVICE_LANGUAGE } }),
    );
    await queries().load(everyone);
    expect(calls).toEqual(['tvDetails']);
  });

  it('loads an episode with its stills and ids elsewhere, and a person with their profile images and filmography, in one call each', async ({ service: { served: server }, fileStore: test }) => {
    const { store, calls } = test;
    const queries = () => store.getState().queries;
    calls.length = 0;
    const path = { series_id: 3, season_number: 1, episode_number: 2 };
    await queries().load(episodeScreenSource(path));
    const stills = operationSource('episodeImages', { path, query: {} });
    const ids = operationSource('episodeExternalIds', { path });
    expect(queryState(queries(), stills).data).toEqual(
      await server.client.call('episodeImages', { path, query: withLanguage('episodeImages', {}, SERVICE_LANGUAGE) }),
    );
    expect(queryState(queries(), ids).data).toEqual(await server.client.call('episodeExternalIds', { path }));
    await queries().load(stills);
    await queries().load(ids);

    await queries().load(personScreenSource(2));
    const images = operationSource('personImages', { path: { person_id: 2 } });
    expect(queryState(queries(), images).data).toEqual(await server.client.call('personImages', { path: { person_id: 2 } }));
    await queries().load(images);
    const filmography = operationSource('personCombinedCredits', { path: { person_id: 2 } });
    expect(queryState(queries(), filmography).data).toEqual(
      await server.client.call('personCombinedCredits', { path: { person_id: 2 }, query: { language: SERVICE_LANGUAGE } }),
    );
    await queries().load(filmography);
    expect(calls).toEqual(['episodeDetails', 'personDetails']);
  });

  it('leaves a read that is loading on its own to its own answer', async ({ service: { served: server }, fileStore: test }) => {
    const { store, calls } = test;
    const queries = () => store.getState().queries;
    calls.length = 0;
    const images = operationSource('movieImages', { path: { movie_id: 6 } });
    const ownLoad = queries().load(images);
    await queries().load(movieScreenSource(6));
    await ownLoad;
    expect(calls.sort()).toEqual(['movieDetails', 'movieImages']);
    expect(queryState(queries(), images).status).toBe('ready');
  });
});
