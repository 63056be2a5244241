import { afterEach, describe, expect, it } from 'vitest';
import { keyNameOf, rebindKeymap } from '../../src/ui/key-bindings.js';
import { bindingsFor, keyHint, keyHintFor, KEYMAP, setKeymap } from '../../src/ui/keymap.js';

afterEach(() => setKeymap());

const keysOf = (keymap: ReturnType<typeof rebindKeymap>['keymap'], command: string) => keymap.find((b) => b.command === command)?.keys;

describe('the user’s keys over the keymap', () => {
  it('reads keys as people write them', () => {
    expect(['n', 'G', 'Enter', 'escape', 'PgDn', 'space', 'ctrl+d', 'Ctrl-D', 'alt+b', 'Alt-Backspace', 'shift+tab'].map(keyNameOf)).toEqual([
      'n', 'G', 'enter', 'esc', 'pagedown', ' ', 'ctrl+d', 'ctrl+d', 'meta+b', 'meta+backspace', 'shift+tab',
    ]);
    for (const unreadable of ['ctrl+', 'ctrl+1', 'shift+a', 'F5', 'hyper+x', 'é', '']) expect(keyNameOf(unreadable)).toBeUndefined();
  });

  it('gives a command exactly the keys named, and the hints and help follow', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'list.down': 'n', 'list.up': ['e', 'Up'] });
    expect(problems).toEqual([]);
    expect(keysOf(keymap, 'list.down')).toEqual(['n']);
    expect(keysOf(keymap, 'list.up')).toEqual(['e', 'up']);
    setKeymap(keymap);
    expect(keyHint('list.down')).toBe('n');
    expect(bindingsFor('list.up')[0]?.keys).toEqual(['e', 'up']);
  });

  it('takes a key per choice, and keeps the keys of the choices not named', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'movie.view': { images: 'I', videos: ['V', 'ctrl+v'] } });
    expect(problems).toEqual([]);
    setKeymap(keymap);
    expect(keyHintFor('movie.view', 'images')).toBe('I');
    expect(keyHintFor('movie.view', 'videos')).toBe('V');
    expect(keyHintFor('movie.view', 'details')).toBe('d');
  });

  it('lets two commands swap keys', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'list.down': 'k', 'list.up': 'j' });
    expect(problems).toEqual([]);
    expect([keysOf(keymap, 'list.down'), keysOf(keymap, 'list.up')]).toEqual([['k'], ['j']]);
  });

  it('leaves out what cannot apply, saying why, and applies the rest', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, {
      'list.down': 'n',
      'no.such': 'x',
      'list.up': 'F5',
      'movie.view': 'd',
      'app.quit': { now: 'q' },
      'tab.select': { movies: 'M', tv: 'M' },
      'list.open': 'n',
    });
    expect(problems.map((p) => `${p.path.join(' ')}: ${p.message.split(' (')[0]!.split(';')[0]}`)).toEqual([
      'no.such: is not a command',
      'list.up: names a key Marquee cannot read',
      'movie.view: takes a key per choice',
      'app.quit: takes a key or a list of keys, not a key per choice',
      'tab.select tv: would share the key M with the choice movies',
      'list.open: would share the key n with list.down',
    ]);
    expect(keysOf(keymap, 'list.down')).toEqual(['n']);
    for (const kept of ['list.up', 'movie.view', 'app.quit', 'tab.select', 'list.open']) {
      expect(keysOf(keymap, kept)).toEqual(KEYMAP.find((b) => b.command === kept)?.keys);
    }
  });

  it('refuses an editing key that types a character: a text field would type it instead', () => {
    const { keymap, problems } = rebindKeymap(KEYMAP, { 'edit.start': 'a', 'edit.end': ['ctrl+e', ' '], 'edit.left': 'ctrl+o' });
    expect(problems.map((p) => `${p.path.join(' ')}: ${p.message.split(';')[0]}`)).toEqual([
      'edit.start: edits a text field, where the key "a" types itself',
      'edit.end: edits a text field, where the key " " types itself',
    ]);
    expect(keysOf(keymap, 'edit.start')).toEqual(['home', 'ctrl+a']);
    expect(keysOf(keymap, 'edit.left')).toEqual(['ctrl+o']);
  });
});
