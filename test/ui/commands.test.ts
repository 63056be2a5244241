import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { CommandRegistry, unavailable, type Handlers, type PopupKind } from '../../src/ui/commands.js';
import { isTextKey, keyEventsFromInk } from '../../src/ui/input/key-events.js';
import { TABS } from '../../src/state/index.js';
import { keyHint, keyHintFor, keyHintName, keyLabel, KEYMAP, keyPairHint, tabKeyHint, type Binding } from '../../src/ui/keymap.js';

const noKey: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

type Commands = [string[], Handlers];

/** A registry with the global and screen commands given, and popups opened in order (the last on top). */
function registry(layers: { global?: Commands; screen?: Commands; popups?: [PopupKind, Commands][] }) {
  const r = new CommandRegistry();
  let id = 0;
  for (const layer of ['global', 'screen'] as const) {
    const commands = layers[layer];
    if (commands) r.register({ id: String(id++), layer, scopes: commands[0], handlers: { current: commands[1] } });
  }
  for (const [kind, [scopes, handlers]] of layers.popups ?? []) {
    const popup = `popup${id}`;
    r.register({ id: String(id++), layer: 'screen', popup, scopes, handlers: { current: handlers } });
    r.openPopup({ id: popup, kind });
  }
  return r;
}

describe('keymap', () => {
  it('names key presses in the keymap vocabulary', () => {
    const names = (input: string, key: Key) => keyEventsFromInk(input, key).map((e) => (e.kind === 'key' ? e.name : 'paste'));
    expect(names('c', { ...noKey, ctrl: true })).toEqual(['ctrl+c']);
    expect(names('', { ...noKey, tab: true, shift: true })).toEqual(['shift+tab']);
    expect(names('', { ...noKey, escape: true })).toEqual(['esc']);
    // Esc Esc read at once arrive as one Esc with Alt.
    expect(names('', { ...noKey, escape: true, meta: true })).toEqual(['esc', 'esc']);
    expect(names('G', { ...noKey, shift: true })).toEqual(['G']);
    // A run of characters read at once is one key each, in order.
    expect(names('2j\r', noKey)).toEqual(['2', 'j', 'enter']);
    expect(isTextKey('q')).toBe(true);
    expect(isTextKey('esc')).toBe(false);
  });

  it('names in hints the key the keymap binds', () => {
    expect(keyHint('panel.retry')).toBe('r');
    expect(keyHint('app.session')).toBe('s');
    expect(keyHint('tv.retryPart')).toBe('R');
    expect(keyHint('app.back')).toBe('Esc');
    // While a text field takes letters, the hint names a key that still works there.
    expect(keyHint('list.down')).toBe('j');
    expect(keyHint('list.down', { typing: true })).toBe('↓');
    expect(keyPairHint('list.up', 'list.down', { typing: true })).toBe('↑/↓');
    expect(() => keyHint('search.focus', { typing: true })).toThrow(/works while typing/);
    expect(tabKeyHint('lists')).toBe('4');
  });

  it('writes labels from the keys themselves, so a rebound key shows as it is', () => {
    const binding = (keys: Binding['keys']): Binding => ({ command: 'x', keys, description: '', scope: 'x' });
    expect(keyLabel(binding(['1', '2', '3', '4', '5']))).toBe('1-5');
    expect(keyLabel(binding(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.']))).toBe('0-9/.');
    expect(keyLabel(binding(['1', '2', 'j']))).toBe('1/2/j');
    expect(keyLabel(binding(['J', 'ctrl+d']))).toBe('J/Ctrl-D');
    expect(keyLabel(binding(['shift+tab', 'up']))).toBe('Shift-Tab/↑');
    expect(keyHintName('meta+backspace')).toBe('Alt-Backspace');
  });

  it('gives every key of a command with arguments its own argument, and hints find the key by it', () => {
    for (const binding of KEYMAP as readonly Binding[]) {
      if (!binding.args) continue;
      expect(Object.keys(binding.args).sort(), binding.command).toEqual([...binding.keys].sort());
    }
    // The tab keys open the tabs of the tab bar, in its order.
    const tabSelect = (KEYMAP as readonly Binding[]).find((b) => b.command === 'tab.select')!;
    expect(tabSelect.keys.map((k) => tabSelect.args?.[k])).toEqual(TABS.map((t) => t.id));
    expect(keyHintFor('movie.view', 'lists')).toBe('l');
    expect(keyHintFor('movies.section', 'next')).toBe('→');
  });

  it('gives no key two commands within one scope', () => {
    const seen = new Map<string, string>();
    for (const binding of KEYMAP) {
      for (const key of binding.keys) {
        const slot = `${binding.scope}:${key}`;
        expect(seen.get(slot), `${slot} is bound twice`).toBeUndefined();
        seen.set(slot, binding.command);
      }
    }
  });
});

describe('input routing', () => {
  it('takes the key of an unavailable command and says why, instead of passing it on', () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'app.quit': () => calls.push('quit') }],
      screen: [['lists.home'], { 'lists.delete': unavailable('There is no list to delete'), 'lists.create': () => calls.push('create') }],
    });
    r.onUnavailable = (why) => calls.push(`why: ${why}`);
    expect(r.dispatch('D', false)).toBe('handled');
    expect(r.dispatch('n', false)).toBe('handled');
    expect(calls).toEqual(['why: There is no list to delete', 'create']);
    expect(r.available('screen').map((b) => b.command)).toEqual(['lists.create', 'lists.delete']);
    expect(r.whyUnavailable('screen', 'lists.delete')).toBe('There is no list to delete');
    expect(r.whyUnavailable('screen', 'lists.create')).toBeUndefined();
  });

  it('goes popup > screen > global, and the popup on top takes every key', () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'app.quit': () => calls.push('quit'), 'app.forceQuit': () => calls.push('force') }],
      screen: [['list'], { 'list.down': () => calls.push('down') }],
      popups: [['overlay', [['help'], { 'help.close': () => calls.push('close help') }]]],
    });
    expect(r.topLayer()).toBe('popup');
    expect(r.dispatch('j', false)).toBe('swallowed');
    expect(r.dispatch('q', false)).toBe('swallowed');
    expect(r.dispatch('esc', false)).toBe('handled');
    expect(r.dispatch('ctrl+c', false)).toBe('handled');
    expect(calls).toEqual(['close help', 'force']);
  });

  it("tells a handler the argument of the key pressed, never the key", () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'tab.select': (tab) => calls.push(`tab ${tab}`) }],
      screen: [['movies.detail', 'views'], { 'movie.view': (view) => calls.push(`view ${view}`), 'view.cycle': (direction) => calls.push(direction) }],
    });
    for (const key of ['i', 'l', 'right', 'left', '2', '5']) r.dispatch(key, false);
    expect(calls).toEqual(['view images', 'view lists', 'next', 'previous', 'tab tv', 'tab certifications']);
  });

  it('keeps tab keys and q from the global commands while a confirm is open', () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'app.quit': () => calls.push('quit'), 'tab.select': (key) => calls.push(`tab ${key}`), 'app.forceQuit': () => calls.push('force') }],
      screen: [['list'], { 'list.down': () => calls.push('down') }],
      popups: [['confirm', [['confirm'], { 'confirm.yes': () => calls.push('yes'), 'confirm.no': () => calls.push('no') }]]],
    });
    for (const key of ['1', '2', '3', '4', '5', 'q', 'j']) expect(r.dispatch(key, false)).toBe('swallowed');
    expect(r.dispatch('y', false)).toBe('handled');
    expect(calls).toEqual(['yes']);
  });

  it('gives the keys to the newest popup only, and to the one under it once it closes', () => {
    const calls: string[] = [];
    const r = new CommandRegistry();
    r.register({ id: 'a', layer: 'screen', popup: 'picker', scopes: ['picker'], handlers: { current: { 'picker.cancel': () => calls.push('picker') } } });
    r.register({ id: 'b', layer: 'screen', popup: 'confirm', scopes: ['confirm'], handlers: { current: { 'confirm.no': () => calls.push('confirm') } } });
    r.openPopup({ id: 'picker', kind: 'picker' });
    const close = r.openPopup({ id: 'confirm', kind: 'confirm' });
    expect(r.topPopup()?.kind).toBe('confirm');
    r.dispatch('esc', false);
    close();
    expect(r.topPopup()?.kind).toBe('picker');
    r.dispatch('esc', false);
    expect(calls).toEqual(['confirm', 'picker']);
  });

  it('lets a screen pass on what it does not handle, unless a text field has the focus', () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'app.quit': () => calls.push('quit'), 'tab.next': () => calls.push('next tab') }],
      screen: [['field'], { 'field.leave': () => calls.push('leave') }],
    });
    expect(r.dispatch('q', true)).toBe('unhandled');
    expect(r.dispatch('tab', true)).toBe('handled');
    expect(r.dispatch('esc', true)).toBe('handled');
    expect(r.dispatch('q', false)).toBe('handled');
    expect(calls).toEqual(['next tab', 'leave', 'quit']);
  });

  it('lists what is available in a layer, for the help and the footer', () => {
    const r = registry({ screen: [['list', 'panel'], { 'list.down': () => {}, 'list.open': () => {} }] });
    expect(r.topLayer()).toBe('screen');
    expect(r.available('screen').map((b) => b.command)).toEqual(['list.down', 'list.open']);
  });
});
