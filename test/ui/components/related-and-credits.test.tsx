import { afterEach, describe, expect, it } from 'vitest';
import type { AggregateCredits, MovieCredits } from '../../../src/contract/index.js';
import { operationSource, pagedOperationSource } from '../../../src/state/index.js';
import { MovieCreditsView, SeriesCreditsView } from '../../../src/ui/screens/people/CreditsView.js';
import { RelatedView } from '../../../src/ui/screens/titles/RelatedView.js';
import { renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** The words of the views a film and a series share (more like this, the cast and crew), each kind's own. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

describe('more like this, with nothing to list', () => {
  for (const [kind, noun] of [['movie', 'movies'], ['tv', 'series']] as const) {
    it(`says so in the words of ${noun}, for the recommended and the similar ones`, async () => {
      const reads = fakeQueryLayer();
      if (kind === 'movie') {
        reads.pages(pagedOperationSource('movieRecommendations', { path: { movie_id: 7 } }), []).pages(pagedOperationSource('similarMovies', { path: { movie_id: 7 } }), []);
      } else {
        reads.pages(pagedOperationSource('seriesRecommendations', { path: { series_id: 7 } }), []).pages(pagedOperationSource('similarSeries', { path: { series_id: 7 } }), []);
      }
      ui = await renderComponent(reads.store, <RelatedView title={{ kind, id: 7 }} entryKey="t7" width={100} height={10} />);
      await ui.waitFor(`The service recommends no ${noun} with this one.`);
      await ui.press('t');
      await ui.waitFor(`The service knows no similar ${noun}.`);
    });
  }
});

describe('the cast and crew', () => {
  it('of a film count its cast and crew, and name the film when there are none', async () => {
    const credits = { id: 7, cast: [{ id: 1, name: 'Mira Holm', character: 'Ash', order: 0, credit_id: 'c1' }], crew: [] } as unknown as MovieCredits;
    const { store } = fakeQueryLayer().answer(operationSource('movieCredits', { path: { movie_id: 7 } }), credits).answer(operationSource('movieCredits', { path: { movie_id: 8 } }), { id: 8, cast: [], crew: [] } as unknown as MovieCredits);
    ui = await renderComponent(store, <MovieCreditsView entryKey="m7" movieId={7} width={100} height={10} />);
    expect(await ui.waitFor('Mira Holm')).toMatch(/Cast \(1\) then crew \(0\)/);
    ui.unmount();
    ui = await renderComponent(store, <MovieCreditsView entryKey="m8" movieId={8} width={100} height={10} />);
    await ui.waitFor('The service lists no cast or crew for this movie.');
  });

  it('of a series count everyone in any episode, and name the series when there are none', async () => {
    const credits = { id: 7, cast: [{ id: 2, name: 'Jon Vale', order: 0, roles: [{ character: 'Rook', credit_id: 'r1', episode_count: 3 }] }], crew: [] } as unknown as AggregateCredits;
    const { store } = fakeQueryLayer().answer(operationSource('seriesAggregateCredits', { path: { series_id: 7 } }), credits).answer(operationSource('seriesAggregateCredits', { path: { series_id: 8 } }), { id: 8, cast: [], crew: [] } as unknown as AggregateCredits);
    ui = await renderComponent(store, <SeriesCreditsView entryKey="s7" seriesId={7} width={100} height={10} />);
    expect(await ui.waitFor('Jon Vale')).toMatch(/Cast \(1\) then crew \(0\)/);
    ui.unmount();
    ui = await renderComponent(store, <SeriesCreditsView entryKey="s8" seriesId={8} width={100} height={10} />);
    await ui.waitFor('The service lists no cast or crew for this series.');
  });
});
