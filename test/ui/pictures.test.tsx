import { act } from 'react';
import { describe, expect } from 'vitest';
import { KITTY_PLACEHOLDER, kittyDiacriticNumber } from '../../src/terminal/kitty-graphics.js';
import { storeTest as it } from '../store-test.js';
import { kittyCommands } from './kitty-commands.js';

/** Posters drawn in half-blocks: beside a list on a wide terminal, and on a film's screen. */

type Page = { results: { id: number; title: string; poster_path: string | null }[] };

/** The part of each screen line right of the list's border: the preview pane. */
const paneLines = (frame: string) => frame.split('\n').filter((line) => line.includes('│')).map((line) => line.slice(line.indexOf('│') + 1));
const images = (calls: readonly string[]) => calls.filter((call) => call.startsWith('image '));
const blockRows = (lines: readonly string[]) => lines.filter((line) => /▀{5,}/.test(line)).length;

describe('pictures', () => {
  it("shows the highlighted film's poster in the preview, fetched once it settles, and no pile of downloads on a burst", async ({ app, service }) => {
    const { ui, calls } = await app.start({ deps: { pictureProtocol: 'blocks' } });
    const popular = await service.get<Page>('/3/movie/popular');
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

  it('draws no picture under NO_COLOR (text only): the preview is the film in words', async ({ app, service }) => {
    const { ui, calls } = await app.start({ deps: { pictureProtocol: 'text' } });
    const popular = await service.get<Page>('/3/movie/popular');
    await ui.resize(160, 45);
    const frame = await ui.waitFor((f) => paneLines(f).some((line) => line.includes(popular.results[0]!.title)));
    expect(frame).not.toContain('▀');
    expect(paneLines(frame)[0]).toContain(popular.results[0]!.title);
    expect(images(calls)).toEqual([]);
  });

  describe('with kitty graphics', () => {
    /** The kitty graphics commands written so far (transmits, deletes), each with its keys. */
    const graphics = (written: readonly string[]) => written.flatMap(kittyCommands).map((command) => command.control);
    /** The first chunk of each image sent: the one that names it. */
    const transmits = (written: readonly string[]) => graphics(written).filter((command) => command.a === 'T');
    /** Rows of the pane that are placeholder cells, as [row number, cells] read back from their marks. */
    const placeholderRows = (lines: readonly string[]) =>
      lines
        .filter((line) => line.includes(KITTY_PLACEHOLDER))
        .map((line) => {
          const cells = line.split(KITTY_PLACEHOLDER).slice(1).map((cell) => [...cell].slice(0, 3).map(kittyDiacriticNumber));
          return { row: cells[0]![0]!, columns: cells.map(([, column]) => column), rows: new Set(cells.map(([row]) => row)).size };
        });

    it('sends the poster once and draws it as placeholder cells of its size, numbered row by row', async ({ app }) => {
      const { ui, calls } = await app.start({ deps: { pictureProtocol: 'kitty' } });
      await ui.resize(160, 45);
      const frame = await ui.waitFor((f) => placeholderRows(paneLines(f)).length >= 8);
      const sent = transmits(ui.written());
      expect(sent).toHaveLength(1);
      const image = sent[0]!;
      expect(image).toMatchObject({ U: '1', q: '2', f: '24', o: 'z' });
      // Fetched wider than for half-blocks: a graphics terminal draws the pixels of each cell.
      expect(images(calls)[0]).not.toMatch(/\/w92\//);

      const rows = placeholderRows(paneLines(frame));
      expect(rows.map((row) => row.row)).toEqual(rows.map((_, index) => index));
      expect(rows).toHaveLength(Number(image.r));
      for (const row of rows) {
        expect(row.rows).toBe(1);
        expect(row.columns).toEqual(Array.from({ length: Number(image.c) }, (_, column) => column));
      }
      expect(frame).not.toContain('▀');

      // Redraws for other reasons (keys that change no picture, a resize) send nothing again.
      await ui.press('?');
      await ui.press('?');
      await ui.resize(161, 45);
      await ui.waitFor((f) => placeholderRows(paneLines(f)).length >= 8);
      expect(transmits(ui.written())).toHaveLength(1);
    });

    it('sends nothing while a burst of keys crosses rows, then only the row the cursor rests on; going back sends nothing', async ({ app, service }) => {
      const { ui } = await app.start({ deps: { pictureProtocol: 'kitty' } });
      const popular = await service.get<Page>('/3/movie/popular');
      const sixth = popular.results[5]!;
      await ui.resize(160, 45);
      await ui.waitFor((f) => placeholderRows(paneLines(f)).length >= 8);
      expect(transmits(ui.written())).toHaveLength(1);

      await act(async () => ui.stdin.write('jjjjj'));
      await ui.waitFor((f) => paneLines(f).some((line) => line.includes(sixth.title)));
      // The cursor has not rested yet: nothing more has been sent.
      expect(transmits(ui.written())).toHaveLength(1);
      await ui.waitFor((f) => paneLines(f).some((line) => line.includes(sixth.title)) && placeholderRows(paneLines(f)).length >= 8);
      expect(transmits(ui.written())).toHaveLength(2);

      // Back up: the first poster is still in the terminal, drawn at once with no transmit.
      await act(async () => ui.stdin.write('kkkkk'));
      await ui.waitFor((f) => paneLines(f).some((line) => line.includes(popular.results[0]!.title)) && placeholderRows(paneLines(f)).length >= 8);
      expect(transmits(ui.written())).toHaveLength(2);
      // And nothing was deleted: two images are far under what the terminal keeps.
      expect(graphics(ui.written()).filter((command) => command.a === 'd')).toEqual([]);
    });

    it('sends nothing for pictures kept in memory but not in the terminal while a burst crosses them, only the one the cursor rests on', async ({ app, service }) => {
      const { ui, calls } = await app.start({ deps: { pictureProtocol: 'kitty' } });
      const popular = await service.get<Page>('/3/movie/popular');
      const titleShown = (index: number) => (f: string) => paneLines(f).some((line) => line.includes(popular.results[index]!.title)) && placeholderRows(paneLines(f)).length >= 8;
      await ui.resize(160, 45);
      await ui.waitFor(titleShown(0));
      // Down one row at a time, each poster fetched and sent.
      for (let row = 1; row <= 3; row++) {
        await ui.press('j');
        await ui.waitFor(titleShown(row));
      }
      expect(transmits(ui.written())).toHaveLength(4);
      const fetched = images(calls).length;

      // A little taller: the pane's pictures take other cells, so each is another image for the
      // terminal, while its pixels (fetched at the same size) are still in memory.
      await ui.resize(160, 48);
      await ui.waitFor(titleShown(3));
      expect(transmits(ui.written())).toHaveLength(5);
      await act(async () => ui.stdin.write('kkk'));
      await ui.waitFor((f) => paneLines(f).some((line) => line.includes(popular.results[0]!.title)));
      // Drawn from memory at once would be wrong: the cursor has not rested, nothing is sent yet.
      expect(transmits(ui.written())).toHaveLength(5);
      await ui.waitFor(titleShown(0));
      expect(transmits(ui.written())).toHaveLength(6);
      // And nothing was downloaded again.
      expect(images(calls).length).toBe(fetched);
    });
  });

  describe('with iTerm2 inline images', () => {
    /** The picture marks in a frame: the cell where the painter paints a picture. */
    const marks = (frame: string): string[] => frame.match(/\u{10FFFD}[\u{F0000}-\u{FFFFD}]/gu) ?? [];

    it('draws a blank box with one mark once the cursor rests, none during a burst, and another mark for the row rested on', async ({ app, service }) => {
      const { ui } = await app.start({ deps: { pictureProtocol: 'iterm' } });
      const popular = await service.get<Page>('/3/movie/popular');
      const sixth = popular.results[5]!;
      await ui.resize(160, 45);
      const frame = await ui.waitFor((f) => marks(f).length === 1);
      expect(frame).not.toContain('▀');
      const first = marks(frame)[0]!;

      const before = ui.written().length;
      await act(async () => ui.stdin.write('jjjjj'));
      await ui.waitFor((f) => paneLines(f).some((line) => line.includes(sixth.title)) && marks(f).length === 1);
      // Between the burst and the rest, no frame marked any picture but the rested one's (and the
      // first, until the preview followed the cursor).
      const marked = new Set(ui.written().slice(before).flatMap(marks));
      expect([...marked].filter((mark) => mark !== first)).toHaveLength(1);
      const frames = ui.written().slice(before);
      const lastWithFirst = frames.findLastIndex((f) => marks(f).includes(first));
      const firstWithSixth = frames.findIndex((f) => marks(f).some((mark) => mark !== first));
      expect(frames.slice(lastWithFirst + 1, firstWithSixth).every((f) => marks(f).length === 0)).toBe(true);
    });
  });
});
