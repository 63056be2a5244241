import { act } from 'react';
import { describe, expect } from 'vitest';
import type { ModernResponseOf } from '../../src/contract/index.js';
import { storeTest as it } from '../store-test.js';

/** The question about a rating kept offline that the service meanwhile holds differently names the series, not its id. */

describe('the conflict prompt', () => {
  it('names the series and the episode', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const popular = await service.get<ModernResponseOf<'popularTv'>>('/3/tv/popular');
    const series = popular.results[0]!;
    act(() => {
      store.setState((s) => ({ ratings: { ...s.ratings, conflicts: [{ episode: { seriesId: series.id, season: 1, episode: 2 }, mine: 3, theirs: 7 }] } }));
    });
    const frame = await ui.waitFor(`${series.name} S1 E2: you asked for 3.0`);
    expect(frame).not.toContain(`series ${series.id}`);
  });
});
