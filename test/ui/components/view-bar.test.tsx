import { Box } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { ViewBar, viewBarLayout, type ViewTab } from '../../../src/ui/components/ViewBar.js';
import { renderComponent, type Rendered } from '../harness.js';
import { fakeQueryLayer } from './fake-queries.js';

/** A screen's view bar keeps every view in sight on a narrow terminal. */

const FILM_VIEWS: readonly ViewTab<string>[] = [
  { id: 'details', key: 'd', label: 'Details' },
  { id: 'credits', key: 'C', label: 'Cast & crew', short: 'Cast' },
  { id: 'images', key: 'i', label: 'Images' },
  { id: 'lists', key: 'l', label: 'Lists' },
  { id: 'providers', key: 'p', label: 'Watch' },
  { id: 'videos', key: 'v', label: 'Videos' },
  { id: 'related', key: 'm', label: 'Like this', short: 'Like' },
];

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

describe('the view bar', () => {
  it('keeps the long labels and the gaps when there is room', () => {
    expect(viewBarLayout(FILM_VIEWS, 'a my lists', 160)).toEqual({ short: false, gap: ' ', withAfter: true });
    expect(viewBarLayout(FILM_VIEWS, 'a my lists', undefined)).toEqual({ short: false, gap: ' ', withAfter: true });
  });

  it('shortens labels, then closes gaps, then lets the hint go, as the width shrinks', () => {
    expect(viewBarLayout(FILM_VIEWS, 'a my lists', 90)).toEqual({ short: true, gap: ' ', withAfter: true });
    expect(viewBarLayout(FILM_VIEWS, 'a my lists', 80)).toEqual({ short: true, gap: '', withAfter: true });
    expect(viewBarLayout(FILM_VIEWS, 'a my lists', 72)).toEqual({ short: true, gap: '', withAfter: false });
  });

  it('shows every view and the hint at 80 columns', async () => {
    const { store } = fakeQueryLayer({});
    // As on a screen: the bar sits in a box as wide as the terminal.
    const bar = (
      <Box width={80}>
        <ViewBar views={FILM_VIEWS} current="details" after="a my lists" width={80} />
      </Box>
    );
    ui = await renderComponent(store, bar, { columns: 80 });
    const line = ui.frame().split('\n')[0]!;
    for (const shown of ['d Details', 'C Cast', 'v Videos', 'm Like', 'a my lists']) expect(line).toContain(shown);
    expect(line).not.toContain('…');
    expect(line.length).toBeLessThanOrEqual(80);
  });
});
