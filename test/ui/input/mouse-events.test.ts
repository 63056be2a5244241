import { describe, expect, it } from 'vitest';
import { MouseReportSplitter, parseSgrMouse, readMouseFrom, type ReadPart } from '../../../src/ui/input/mouse-events.js';

/** Mouse reports taken out of the terminal's reads: alone, among keys, split, malformed. */

const click = (x: number, y: number) => ({ kind: 'mouse', action: 'press', button: 'left', x, y });
const describeParts = (parts: readonly ReadPart[]) =>
  parts.map((part) =>
    'text' in part ? `text:${JSON.stringify(part.text)}` : 'focus' in part ? `focus:${part.focus}` : `${part.mouse.action}:${part.mouse.button}@${part.mouse.x},${part.mouse.y}`,
  );

describe('SGR mouse reports', () => {
  it('parse presses, releases, drags and the wheel, with 0-based cells', () => {
    expect(parseSgrMouse('\u001B[<0;10;5M')).toEqual(click(9, 4));
    expect(parseSgrMouse('\u001B[<0;10;5m')).toMatchObject({ action: 'release', button: 'left' });
    expect(parseSgrMouse('\u001B[<2;1;1M')).toMatchObject({ action: 'press', button: 'right', x: 0, y: 0 });
    expect(parseSgrMouse('\u001B[<32;3;4M')).toMatchObject({ action: 'drag', button: 'left', x: 2, y: 3 });
    expect(parseSgrMouse('\u001B[<64;3;4M')).toMatchObject({ action: 'press', button: 'wheelUp' });
    expect(parseSgrMouse('\u001B[<65;3;4M')).toMatchObject({ action: 'press', button: 'wheelDown' });
    // Shift, Alt and Ctrl held (4, 8, 16) change nothing here.
    expect(parseSgrMouse('\u001B[<16;3;4M')).toMatchObject({ action: 'press', button: 'left' });
  });

  it('refuse malformed reports', () => {
    for (const bad of ['\u001B[<0;10M', '\u001B[<0;0;5M', '\u001B[<a;1;1M', '\u001B[<0;1;1;1M', '\u001B[<66;1;1M', '\u001B[<200;1;1M', '\u001B[<0;1;1x']) {
      expect(parseSgrMouse(bad), bad).toBeUndefined();
    }
  });
});

describe('taking mouse reports out of reads', () => {
  it('gives a report alone as one event', () => {
    expect(describeParts(new MouseReportSplitter().split('\u001B[<0;10;5M'))).toEqual(['press:left@9,4']);
  });

  it('keeps keys and reports of one read in order, each its own part', () => {
    const parts = new MouseReportSplitter().split('j\u001B[<65;2;3Mk\u001B[A\u001B[<0;4;5M\u001B[<0;4;5mq');
    expect(describeParts(parts)).toEqual(['text:"j"', 'press:wheelDown@1,2', 'text:"k\\u001b[A"', 'press:left@3,4', 'release:left@3,4', 'text:"q"']);
  });

  it('joins a report split across reads, at any byte', () => {
    const report = '\u001B[<0;12;7M';
    for (let cut = 1; cut < report.length; cut++) {
      const splitter = new MouseReportSplitter();
      const first = splitter.split(`a${report.slice(0, cut)}`);
      const second = splitter.split(`${report.slice(cut)}b`);
      // A lone ESC goes on to Ink's parser, which waits for the rest of a key itself.
      const heldBack = cut >= 2;
      if (heldBack) {
        expect(describeParts([...first, ...second]), `cut at ${cut}`).toEqual(['text:"a"', 'press:left@11,6', 'text:"b"']);
      } else {
        expect(describeParts(first)).toEqual([`text:${JSON.stringify(`a${report.slice(0, cut)}`)}`]);
      }
    }
  });

  it('drops a malformed report whole and keeps the keys around it', () => {
    expect(describeParts(new MouseReportSplitter().split('x\u001B[<0;1Mw\u001B[<9999999;1;1My'))).toEqual(['text:"x"', 'text:"w"', 'text:"y"']);
  });

  it('leaves a lone Esc, other sequences and pasted text alone', () => {
    const splitter = new MouseReportSplitter();
    expect(describeParts(splitter.split('\u001B'))).toEqual(['text:"\\u001b"']);
    expect(describeParts(splitter.split('\u001B[<'))).toEqual([]);
    expect(describeParts(splitter.split('\u001B[200~a \u001B[<0;1;1M b\u001B[201~c'))).toEqual([
      'text:"\\u001b[<\\u001b[200~a \\u001b[<0;1;1M b\\u001b[201~c"',
    ]);
  });

  it('hands the text to the reader one part at a time, each report between them', () => {
    const chunks: Array<string | null> = ['a\u001B[<0;2;2Mb', null];
    const log: string[] = [];
    const stdin = { read: () => chunks.shift() ?? null };
    const unwrap = readMouseFrom(stdin, (event) => log.push(`mouse@${event.x},${event.y}`));
    for (let text = stdin.read(); text !== null; text = stdin.read()) log.push(`text:${String(text)}`);
    expect(log).toEqual(['text:a', 'mouse@1,1', 'text:b']);
    unwrap();
    chunks.push('\u001B[<0;2;2M');
    expect(stdin.read()).toBe('\u001B[<0;2;2M');
  });
});

describe('taking focus reports out of reads', () => {
  it('gives focus in and out as their own parts, never as text, in order with the keys', () => {
    expect(describeParts(new MouseReportSplitter().split('j\u001B[Ik\u001B[Oq'))).toEqual(['text:"j"', 'focus:in', 'text:"k"', 'focus:out', 'text:"q"']);
  });

  it('joins a focus report split across reads, and leaves other keys that start the same way alone', () => {
    const splitter = new MouseReportSplitter();
    expect(describeParts(splitter.split('a\u001B['))).toEqual(['text:"a"']);
    expect(describeParts(splitter.split('Ib'))).toEqual(['focus:in', 'text:"b"']);
    expect(describeParts(splitter.split('\u001B['))).toEqual([]);
    expect(describeParts(splitter.split('A'))).toEqual(['text:"\\u001b[A"']);
  });

  it('hands focus reports to onFocus, and nothing of them to the reader', () => {
    const chunks: Array<string | null> = ['\u001B[Ia\u001B[O', null];
    const log: string[] = [];
    const stdin = { read: () => chunks.shift() ?? null };
    readMouseFrom(stdin, () => log.push('mouse'), (change) => log.push(`focus:${change}`));
    for (let text = stdin.read(); text !== null; text = stdin.read()) log.push(`text:${String(text)}`);
    expect(log).toEqual(['focus:in', 'text:a', 'focus:out']);
  });
});
