import { afterEach, describe, expect, it } from 'vitest';
import { key, type KeyEvent } from '../../../src/ui/input/key-events.js';
import { editCommandOf, editLine, editSelectedLine, isEditingEvent, lineAtEnd, MAX_LINE_LENGTH, pastedLineText, type Line } from '../../../src/ui/input/line-editor.js';
import { rebindKeymap } from '../../../src/ui/key-bindings.js';
import { KEYMAP, setKeymap } from '../../../src/ui/keymap.js';

afterEach(() => setKeymap());

/** Applies the keys in order; '|' in the expectation marks the cursor. */
function edit(start: string, ...events: Array<string | KeyEvent>): string {
  const cursor = start.indexOf('|');
  let line: Line = cursor < 0 ? lineAtEnd(start) : { text: start.replace('|', ''), cursor: [...start.slice(0, cursor)].length };
  for (const event of events) {
    const next = editLine(line, typeof event === 'string' ? key(event) : event);
    if (!next) throw new Error(`${JSON.stringify(event)} is no editing key`);
    line = next;
  }
  const chars = [...line.text];
  return [...chars.slice(0, line.cursor), '|', ...chars.slice(line.cursor)].join('');
}

describe('editing a one-line field like a shell line', () => {
  it('types at the cursor and moves it with the arrows, Home/End and Ctrl-A/E', () => {
    expect(edit('', 's', 'a', 'l', 't')).toBe('salt|');
    expect(edit('salt', 'left', 'left', 'x')).toBe('sax|lt');
    expect(edit('salt', 'home', 'x')).toBe('x|salt');
    expect(edit('salt', 'ctrl+a', 'ctrl+e', '!')).toBe('salt!|');
    expect(edit('salt', 'right', 'right')).toBe('salt|');
    expect(edit('|salt', 'left')).toBe('|salt');
  });

  it('erases back and forward', () => {
    expect(edit('salt', 'backspace', 'backspace')).toBe('sa|');
    expect(edit('sa|lt', 'delete')).toBe('sa|t');
    expect(edit('|salt', 'backspace')).toBe('|salt');
    expect(edit('salt|', 'delete')).toBe('salt|');
  });

  it('kills to the start (Ctrl-U), to the end (Ctrl-K) and the word before the cursor (Ctrl-W)', () => {
    expect(edit('blade run|ner', 'ctrl+u')).toBe('|ner');
    expect(edit('blade run|ner', 'ctrl+k')).toBe('blade run|');
    expect(edit('blade runner  ', 'ctrl+w')).toBe('blade |');
    expect(edit('blade runner', 'ctrl+w', 'ctrl+w')).toBe('|');
  });

  it('moves by words with Alt-b and Alt-f', () => {
    expect(edit('blade runner 2049', 'meta+b')).toBe('blade runner |2049');
    expect(edit('blade runner 2049', 'meta+b', 'meta+b')).toBe('blade |runner 2049');
    expect(edit('|blade runner', 'meta+f')).toBe('blade| runner');
    expect(edit('|blade runner', 'meta+f', 'meta+f')).toBe('blade runner|');
  });

  it('counts an emoji or an accented letter as one character', () => {
    expect(edit('café🎬', 'backspace')).toBe('café|');
    expect(edit('café🎬', 'left', 'left', 'backspace')).toBe('ca|é🎬');
  });

  it('leaves Enter, Esc, Tab and up/down to the form around the field', () => {
    for (const name of ['enter', 'esc', 'tab', 'shift+tab', 'up', 'down', 'ctrl+c', 'f1']) expect(editLine(lineAtEnd('x'), key(name))).toBeUndefined();
  });

  it('takes a paste as text: printable characters, lines joined, cut at the longest line', () => {
    expect(pastedLineText('salt\torchard\r\n')).toBe('salt orchard');
    expect(pastedLineText('a\nb\r\nc')).toBe('a b c');
    expect(pastedLineText('x\u001b[31my\u0007\u009bz')).toBe('x[31myz');
    expect(edit('ab|c', { kind: 'paste', text: 'XY' })).toBe('abXY|c');
    const huge = editLine(lineAtEnd(''), { kind: 'paste', text: 'x'.repeat(100_000) })!;
    expect(huge.text).toHaveLength(MAX_LINE_LENGTH);
    expect(editLine(huge, key('y'))!.text).toHaveLength(MAX_LINE_LENGTH);
  });
});

describe('the editing keys are the keymap’s edit commands', () => {
  it('names the command of each default key', () => {
    expect(['ctrl+a', 'home', 'ctrl+w', 'meta+backspace', 'backspace', 'enter', 'x'].map(editCommandOf)).toEqual([
      'edit.start', 'edit.start', 'edit.eraseWordBack', 'edit.eraseWordBack', 'edit.eraseBack', undefined, undefined,
    ]);
  });

  it('edits with the user’s keys: a rebound command leaves its old key and takes the new one', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'edit.start': 'ctrl+g', 'edit.eraseToStart': ['ctrl+x', 'alt+u'] });
    expect(problems).toEqual([]);
    setKeymap(keymap);
    expect(editLine(lineAtEnd('salt'), key('ctrl+a'))).toBeUndefined();
    expect(isEditingEvent(key('ctrl+a'))).toBe(false);
    expect(isEditingEvent(key('ctrl+g'))).toBe(true);
    expect(edit('salt', 'ctrl+g', 'x')).toBe('x|salt');
    expect(edit('blade run|ner', 'ctrl+x')).toBe('|ner');
    expect(edit('blade run|ner', 'meta+u')).toBe('|ner');
    expect(editLine(lineAtEnd('salt'), key('ctrl+u'))).toBeUndefined();
    // A selected line: the rebound erasing key erases it all, the old one does nothing.
    expect(editSelectedLine(lineAtEnd('salt'), key('ctrl+x'))).toEqual({ text: '', cursor: 0 });
    expect(editSelectedLine(lineAtEnd('salt'), key('ctrl+u'))).toBeUndefined();
  });
});
