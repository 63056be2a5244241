import { afterEach, describe, expect, it } from 'vitest';
import type { ModernResponseOf } from '../../../src/contract/index.js';
import { operationSource, pagedOperationSource } from '../../../src/state/index.js';
import { PopularTv } from '../../../src/ui/screens/tv/PopularTv.js';
import { SeriesDetail } from '../../../src/ui/screens/tv/SeriesDetail.js';
import { readFixture } from '../../fixtures.js';
import { KEY, renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** TV screens drawn alone, over a fake query layer: no service, no shell. */

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

describe('the TV screens alone', () => {
  it('lists popular series from the query layer, and Enter pushes the series with its typed parameters', async () => {
    const popular = readFixture('E18-tv-popular.spec.json') as ModernResponseOf<'popularTv'>;
    const first = popular.results[0]!;
    const { store } = fakeQueryLayer().pages(pagedOperationSource('popularTv', {}), popular.results);
    ui = await renderComponent(store, <PopularTv entry={{ key: 'tv:root', params: {} }} width={80} height={20} />);
    await ui.waitFor(first.name);
    await ui.press(KEY.enter);
    const stack = store.getState().nav.stacks.movies;
    expect(stack.at(-1)).toMatchObject({ screen: 'tv.detail', params: { id: first.id, title: first.name } });
  });

  it('shows a series it was given, and a read it was not given as a failure with the retry key of the keymap', async () => {
    const latest = readFixture('E16-tv-latest.spec.json') as ModernResponseOf<'tvDetails'>;
    const reads = fakeQueryLayer().answer(operationSource('tvDetails', { path: { series_id: latest.id } }), latest);
    ui = await renderComponent(reads.store, <SeriesDetail entry={{ key: 's1', params: { id: latest.id, title: 'pushed title' } }} width={80} height={20} />);
    await ui.waitFor(latest.name);
    ui.unmount();

    ui = await renderComponent(reads.store, <SeriesDetail entry={{ key: 's2', params: { id: 42, title: 'Forty-two' } }} width={80} height={20} />);
    const frame = await ui.waitFor('Could not load the series');
    expect(frame).toContain('Not connected to the service yet');
    expect(frame).toContain('Press r to try again.');
    expect(frame).toContain('Forty-two');
  });
});
