import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { embeddedAppSuite } from './embedded-app.js';

/** Posters drawn in half-blocks: beside a list on a wide terminal, and on a film's screen. */

const { start, get } = embeddedAppSuite('pictures');

type Page = { results: { id: number; title: string; poster_path: string | null }[] };

/** The part of each screen line right of the list's border: the preview pane. */
const paneLines = (frame: string) => frame.split('\n').filter((line) => line.includes('│')).map((line) => line.slice(line.indexOf('│') + 1));
const images = (calls: readonly string[]) => calls.filter((call) => call.startsWith('image '));
const blockRows = (lines: readonly string[]) => lines.filter((line) => /▀{5,}/.test(line)).length;

describe('pictures', () => {
  it("shows the highlighted film's poster in the preview, fetched once it settles, and no pile of downloads on a burst", async () => {
    const { ui, calls } = await start({ deps: { pictureProtocol: 'blocks' } });
    const popular = await get<Page>('/3/movie/popular');
    const [first, , , , , sixth] = popular.results;
    expect(first!.poster_path).toBeTruthy();
    await ui.resize(160, 45);
    let frame = await ui.waitFor((f) => blockRows(paneLines(f)) >= 8);
    // The poster stands above the film's facts, in the pane.
    const lines = paneLines(frame);
    const lastBlock = lines.findLastIndex((line) => line.includes('▀'));
    expect(lines.findIndex((line) => line.includes(first!.title))).toBeGreaterThan(lastBlock);
    const fetched = images(calls).length;
    expect(fetched).toBe(1);
    // Its own poster, at the smallest size that fills the pane's columns.
    expect(images(calls)[0]).toMatch(new RegExp(`/t/p/w\\d+${first!.poster_path}$`));

    // Five rows down in one read: only the row the cursor rests on is fetched.
    await act(async () => ui.stdin.write('jjjjj'));
    frame = await ui.waitFor((f) => paneLines(f).some((line) => line.includes(sixth!.title)) && blockRows(paneLines(f)) >= 8);
    await ui.waitFor(() => images(calls).length > fetched);
    expect(images(calls).length - fetched).toBeLessThan(5);
    expect(images(calls).at(-1)).toContain(sixth!.poster_path);

    // Back to the first film: drawn from memory, no new download.
    const before = images(calls).length;
    await act(async () => ui.stdin.write('kkkkk'));
    await ui.waitFor((f) => paneLines(f).some((line) => line.includes(first!.title)) && blockRows(paneLines(f)) >= 8);
    expect(images(calls).length).toBe(before);

    // Opening the film leaves no block of the preview behind: the details have their own poster.
    await ui.press('\r');
    frame = await ui.waitFor((f) => f.includes('Release date') && /▀{5,}/.test(f));
    expect(frame.split('\n').some((line) => line.includes('│') && line.includes('▀'))).toBe(false);
  });

  it('draws no picture under NO_COLOR (text only): the preview is the film in words', async () => {
    const { ui, calls } = await start({ deps: { pictureProtocol: 'text' } });
    const popular = await get<Page>('/3/movie/popular');
    await ui.resize(160, 45);
    const frame = await ui.waitFor((f) => paneLines(f).some((line) => line.includes(popular.results[0]!.title)));
    expect(frame).not.toContain('▀');
    expect(paneLines(frame)[0]).toContain(popular.results[0]!.title);
    expect(images(calls)).toEqual([]);
  });
});
