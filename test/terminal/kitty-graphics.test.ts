import { deflateSync, inflateSync } from 'node:zlib';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  KITTY_CHUNK_BYTES,
  KITTY_PLACEHOLDER,
  kittyDelete,
  kittyDiacriticNumber,
  kittyIdColour,
  kittyImageId,
  kittyPlaceholderRow,
  kittyTransmit,
  throughTmux,
} from '../../src/terminal/kitty-graphics.js';
import { kittyCommands as commands } from '../ui/kitty-commands.js';

/** The kitty graphics sequences, read back the way a terminal reads them. */

/** Noise-like pixels, so the compressed data spans several chunks. */
function pixels(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = seed >>> 24;
  }
  return data;
}

describe('kittyTransmit', () => {
  it('sends the image in chunks of at most 4096 base64 bytes that a terminal puts back together', () => {
    const rgba = pixels(40, 30);
    const sequences = kittyTransmit({ format: 32, id: 42, width: 40, height: 30, columns: 8, rows: 6, deflated: deflateSync(rgba) });
    expect(sequences.length).toBeGreaterThan(1);
    const parsed = sequences.map((sequence) => {
      const [command, ...rest] = commands(sequence);
      // One command a sequence, and nothing around it.
      expect(rest).toEqual([]);
      expect(sequence.startsWith('\u001B_G') && sequence.endsWith('\u001B\\')).toBe(true);
      return command!;
    });
    for (const { payload } of parsed.slice(0, -1)) expect(payload.length).toBe(KITTY_CHUNK_BYTES);
    expect(parsed.at(-1)!.payload.length).toBeLessThanOrEqual(KITTY_CHUNK_BYTES);
    expect(parsed.map((command) => command.control.m)).toEqual([...parsed.slice(1).map(() => '1'), '0']);

    const joined = Buffer.from(parsed.map((command) => command.payload).join(''), 'base64');
    expect(Buffer.from(inflateSync(joined)).equals(Buffer.from(rgba))).toBe(true);
  });

  it('says what the image is in the first chunk only: a quiet, virtual placement of its cells', () => {
    const [first, second] = kittyTransmit({ format: 32, id: 42, width: 64, height: 64, columns: 8, rows: 6, deflated: deflateSync(pixels(64, 64)) }).map((s) => commands(s)[0]!);
    expect(first!.control).toEqual({ a: 'T', U: '1', q: '2', f: '32', o: 'z', s: '64', v: '64', i: '42', c: '8', r: '6', C: '1', m: '1' });
    // The others carry only whether more follows, and stay quiet: an answer would land among the keys.
    expect(second!.control).toEqual({ m: '1', q: '2' });
  });

  it('sends a small image in one sequence', () => {
    const sequences = kittyTransmit({ format: 32, id: 3, width: 2, height: 2, columns: 1, rows: 1, deflated: deflateSync(pixels(2, 2)) });
    expect(sequences).toHaveLength(1);
    expect(commands(sequences[0]!)[0]!.control).toMatchObject({ i: '3', m: '0', q: '2' });
  });

  it('refuses an id or a size the placeholders cannot carry', () => {
    const image = { format: 32 as const, id: 1, width: 2, height: 2, columns: 1, rows: 1, deflated: deflateSync(pixels(2, 2)) };
    expect(() => kittyTransmit({ ...image, id: 0 })).toThrow(RangeError);
    expect(() => kittyTransmit({ ...image, rows: 400 })).toThrow(RangeError);
  });
});

describe('kittyDelete', () => {
  it('deletes the image by id, data included, without an answer', () => {
    expect(commands(kittyDelete(42))).toEqual([{ control: { a: 'd', d: 'I', i: '42', q: '2' }, payload: '' }]);
  });
});

describe('throughTmux', () => {
  it("wraps a sequence in tmux's passthrough with every ESC doubled", () => {
    const wrapped = kittyTransmit({ format: 32, id: 5, width: 2, height: 2, columns: 1, rows: 1, deflated: deflateSync(pixels(2, 2)) }, { tmux: true })[0]!;
    expect(wrapped.startsWith('\u001BPtmux;\u001B\u001B_G')).toBe(true);
    expect(wrapped.endsWith('\u001B\u001B\\\u001B\\')).toBe(true);
    // What tmux passes on, once it undoubles the ESCs, is the plain sequence.
    const inner = wrapped.slice('\u001BPtmux;'.length, -2).replaceAll('\u001B\u001B', '\u001B');
    expect(inner).toBe(kittyTransmit({ format: 32, id: 5, width: 2, height: 2, columns: 1, rows: 1, deflated: deflateSync(pixels(2, 2)) })[0]);
    expect(throughTmux(kittyDelete(5))).toBe(kittyDelete(5, { tmux: true }));
  });
});

describe('placeholders', () => {
  it('number each cell by row and column, with the high byte of the id, one column wide each', () => {
    const id = kittyImageId(0, 9);
    const row = kittyPlaceholderRow(id, 4, 12);
    expect(stringWidth(row)).toBe(12);
    const cells = row.split(KITTY_PLACEHOLDER).slice(1);
    expect(cells).toHaveLength(12);
    cells.forEach((cell, column) => {
      const [rowMark, columnMark, highMark] = [...cell];
      expect(kittyDiacriticNumber(rowMark!)).toBe(4);
      expect(kittyDiacriticNumber(columnMark!)).toBe(column);
      expect(kittyDiacriticNumber(highMark!)).toBe(id >>> 24);
    });
  });

  it('give ids whose low byte is a 256-colour index and whose middle bytes are zero, all distinct', () => {
    const ids = Array.from({ length: 1000 }, (_, serial) => kittyImageId(serial, 200));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id & 0xffff00).toBe(0);
      expect(id & 0xff).toBeGreaterThan(0);
      expect(kittyIdColour(id)).toBe(`ansi256(${id & 0xff})`);
      // The id read back from the colour and the third mark.
      const highMark = [...kittyPlaceholderRow(id, 0, 1)][3]!;
      expect(((kittyDiacriticNumber(highMark) << 24) >>> 0) + (id & 0xff)).toBe(id);
    }
  });
});
