import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../src/state/index.js';
import { KittyImages } from '../../src/terminal/kitty-images.js';
import { kittyCommands as commands } from '../ui/kitty-commands.js';

/** The images a run keeps in the terminal: each sent once, deleted when too many and unused. */

function recorder() {
  const written: string[] = [];
  const all = () => written.flatMap(commands);
  return {
    write: (data: string) => void written.push(data),
    transmits: () => all().filter((command) => command.control.a === 'T'),
    deletes: () => all().filter((command) => command.control.a === 'd').map((command) => Number(command.control.i)),
    written,
  };
}

const grey = (width: number, height: number): Pixels => ({ width, height, data: new Uint8Array(width * height * 4).fill(128) });

describe('KittyImages', () => {
  it('sends a picture once however often it is asked for, and knows it from then on', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { highByte: 0 });
    expect(images.shown('a')).toBeUndefined();
    const [first, second] = await Promise.all([images.send('a', grey(20, 30), 4, 3), images.send('a', grey(20, 30), 4, 3)]);
    expect(first).toBe(second);
    await images.send('a', grey(20, 30), 4, 3);
    expect(terminal.transmits()).toHaveLength(1);
    expect(terminal.transmits()[0]!.control).toMatchObject({ i: String(first), s: '20', v: '30', c: '4', r: '3', f: '24', q: '2' });
    expect(images.shown('a')).toBe(first);
    // Another picture (or the same at another size) is another image.
    const other = await images.send('a 8x6', grey(20, 30), 8, 6);
    expect(other).not.toBe(first);
    expect(terminal.transmits()).toHaveLength(2);
  });

  it('deletes the least recently used image beyond the ones it keeps, never one on screen', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { kept: 2, highByte: 0 });
    const a = await images.send('a', grey(2, 2), 1, 1);
    const releaseA = images.hold('a');
    const b = await images.send('b', grey(2, 2), 1, 1);
    await images.send('c', grey(2, 2), 1, 1);
    // a is the oldest but on screen: b goes.
    expect(terminal.deletes()).toEqual([b]);
    expect(images.shown('b')).toBeUndefined();
    expect(images.size).toBe(2);
    const c = images.shown('c');
    await images.send('d', grey(2, 2), 1, 1);
    expect(terminal.deletes()).toEqual([b, c]);
    expect(images.shown('a')).toBe(a);
    // Off screen, a is the oldest: the next picture sent takes its place.
    releaseA();
    expect(terminal.deletes()).toEqual([b, c]);
    await images.send('e', grey(2, 2), 1, 1);
    expect(terminal.deletes()).toEqual([b, c, a]);
    expect(images.size).toBe(2);
  });

  it('sends a picture deleted earlier again when it is asked for again', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { kept: 1, highByte: 0 });
    await images.send('a', grey(2, 2), 1, 1);
    await images.send('b', grey(2, 2), 1, 1);
    expect(images.shown('a')).toBeUndefined();
    await images.send('a', grey(2, 2), 1, 1);
    expect(terminal.transmits().map((command) => command.control.i)).toHaveLength(3);
  });

  it('deletes everything it sent when closed, and sends nothing after', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { highByte: 0 });
    const ids = [await images.send('a', grey(2, 2), 1, 1), await images.send('b', grey(2, 2), 1, 1)];
    const late = images.send('c', grey(2, 2), 1, 1);
    images.close();
    expect(terminal.deletes()).toEqual(ids);
    await expect(late).rejects.toThrow();
    expect(terminal.transmits()).toHaveLength(2);
  });

  it('sends RGB, transparency drawn over black', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { highByte: 0 });
    // One opaque red pixel, one half-transparent white one.
    await images.send('two', { width: 2, height: 1, data: Uint8Array.from([255, 0, 0, 255, 255, 255, 255, 128]) }, 1, 1);
    const [sent] = terminal.transmits();
    expect(sent!.control).toMatchObject({ f: '24', s: '2', v: '1' });
    expect([...inflateSync(Buffer.from(sent!.payload, 'base64'))]).toEqual([255, 0, 0, 128, 128, 128]);
  });

  it('scales a picture far larger than its cells before sending it', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { highByte: 0 });
    await images.send('big', grey(2000, 3000), 10, 8);
    const [sent] = terminal.transmits();
    expect(sent!.control).toMatchObject({ f: '24', s: '200', v: '300' });
    const data = inflateSync(Buffer.from(sent!.payload, 'base64'));
    expect(data.length).toBe(200 * 300 * 3);
  });

  it('wraps what it writes for tmux when told to', async () => {
    const terminal = recorder();
    const images = new KittyImages(terminal.write, { tmux: true, highByte: 0 });
    await images.send('a', grey(2, 2), 1, 1);
    expect(terminal.written[0]!.startsWith('\u001BPtmux;')).toBe(true);
  });
});
