import { describe, expect, it } from 'vitest';
import { decode } from 'sixel';
import pngjs from 'pngjs';
import { itermInlineImage, sixelImage, sixelSize } from '../../src/terminal/inline-graphics.js';
import { PaintedPictures } from '../../src/terminal/painted-pictures.js';

/** A frame as Ink's log-update writes it: the previous frame's lines erased, then every line. */
const frame = (lines: readonly string[], previous = lines.length) => `${'\u001B[2K\u001B[1A'.repeat(previous - 1)}\u001B[2K\u001B[G${lines.join('\n')}`;
const paints = (written: string) => [...written.matchAll(/\u001B7\u001B\[(\d+);(\d+)H(.*?)\u001B8/g)].map((m) => ({ row: Number(m[1]), column: Number(m[2]), sequence: m[3] }));

describe('PaintedPictures.paintFrame', () => {
  it('blanks each mark and paints its picture at the mark’s cell after the frame’s text', () => {
    const pictures = new PaintedPictures(() => 6);
    const { mark } = pictures.add({ sequence: '<poster>', rows: 3 });
    const lines = ['header', '\u001B[36mlist row\u001B[39m │ ' + mark + '    ', 'row two  │', 'row 3    │', 'footer', ''];
    const written = pictures.paintFrame(frame(lines));
    expect(written).not.toMatch(/[\u{F0000}-\u{10FFFD}]/u);
    // The text is Ink's, with two spaces where the mark was.
    expect(written.slice(0, written.indexOf('\u001B7'))).toBe(frame(lines).replace(mark, '  '));
    expect(paints(written)).toEqual([{ row: 2, column: 12, sequence: '<poster>' }]);
  });

  it('paints nothing for a picture no longer drawn, nor for one that would reach the bottom row', () => {
    const pictures = new PaintedPictures(() => 4);
    const gone = pictures.add({ sequence: '<gone>', rows: 1 });
    gone.remove();
    expect(pictures.size).toBe(0);
    const tall = pictures.add({ sequence: '<tall>', rows: 3 });
    const written = pictures.paintFrame(frame([gone.mark, tall.mark, '', '']));
    expect(paints(written)).toEqual([]);
    expect(written).toContain('  ');
    // Writes with no mark pass through untouched.
    expect(pictures.paintFrame('\u001B[?25l')).toBe('\u001B[?25l');
  });

  it('counts rows from the top of a frame taller than the screen, which scrolled it', () => {
    const pictures = new PaintedPictures(() => 4);
    const { mark } = pictures.add({ sequence: '<p>', rows: 1 });
    expect(paints(pictures.paintFrame(frame(['a', 'b', mark, 'c', 'd', ''])))).toEqual([{ row: 1, column: 1, sequence: '<p>' }]);
  });

  it('gives each picture drawn its own mark', () => {
    const pictures = new PaintedPictures(() => 10);
    const one = pictures.add({ sequence: '<1>', rows: 1 });
    const two = pictures.add({ sequence: '<2>', rows: 1 });
    expect(one.mark).not.toBe(two.mark);
    expect(paints(pictures.paintFrame(frame([`${one.mark} x ${two.mark}`, '', ''])))).toEqual([
      { row: 1, column: 1, sequence: '<1>' },
      { row: 1, column: 6, sequence: '<2>' },
    ]);
  });
});

const gradient = (width: number, height: number) => {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i % width) * 4, 100, 200, 255], i * 4);
  return { width, height, data };
};

describe('itermInlineImage', () => {
  it('sends the fetched JPEG as is, sized in cells with its shape kept', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const sequence = itermInlineImage(gradient(100, 150), jpeg, 20, 15);
    expect(sequence).toBe(`\u001B]1337;File=inline=1;width=20;height=15;preserveAspectRatio=1;size=7:${Buffer.from(jpeg).toString('base64')}\u0007`);
  });

  it('sends a PNG of the pixels, scaled to at most 20 pixels a column, when there is no file or it is too wide', () => {
    const sequence = itermInlineImage(gradient(1000, 1500), undefined, 10, 8);
    const [, size, base64] = /size=(\d+):([^\u0007]+)\u0007$/.exec(sequence)!;
    const png = pngjs.PNG.sync.read(Buffer.from(base64!, 'base64'));
    expect(Number(size)).toBe(Buffer.from(base64!, 'base64').length);
    expect([png.width, png.height]).toEqual([200, 300]);
  });
});

describe('sixelImage', () => {
  it('fits the picture in the cells at the cell size, in whole six-pixel bands, and decodes to those pixels', () => {
    const pixels = gradient(200, 300);
    expect(sixelSize(pixels, 20, 12, { width: 10, height: 20 })).toEqual({ width: 160, height: 240 });
    const sequence = sixelImage(pixels, 20, 12, { width: 10, height: 20 });
    expect(sequence.startsWith('\u001BP0;1;q')).toBe(true);
    expect(sequence.endsWith('\u001B\\')).toBe(true);
    const decoded = decode(sequence.slice('\u001BP0;1;q'.length, -2));
    expect([decoded.width, decoded.height]).toEqual([160, 240]);
    // Never taller than the cells, whatever the shape.
    const size = sixelSize(gradient(100, 1000), 20, 7, { width: 6, height: 13 });
    expect(size.height).toBeLessThanOrEqual(7 * 13);
    expect(size.height % 6).toBe(0);
    expect(size.width).toBeLessThanOrEqual(20 * 6);
  });
});
