import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { CommandRegistry, type Handlers, type Layer } from '../../src/ui/commands.js';
import { isTextKey, keyEventsFromInk } from '../../src/ui/input/key-events.js';
import { KEYMAP } from '../../src/ui/keymap.js';

const noKey: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

function registry(layers: Partial<Record<Layer, [string[], Handlers]>>) {
  const r = new CommandRegistry();
  let id = 0;
  for (const [layer, [scopes, handlers]] of Object.entries(layers)) {
    r.register({ id: String(id++), layer: layer as Layer, scopes, handlers: { current: handlers } });
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
  it('goes modal > overlay > screen > global, and a modal or overlay takes every key', () => {
    const calls: string[] = [];
    const r = registry({
      global: [['global'], { 'app.quit': () => calls.push('quit'), 'app.forceQuit': () => calls.push('force') }],
      screen: [['list'], { 'list.down': () => calls.push('down') }],
      overlay: [['help'], { 'help.close': () => calls.push('close help') }],
    });
    expect(r.dispatch('j', false)).toBe('swallowed');
    expect(r.dispatch('q', false)).toBe('swallowed');
    expect(r.dispatch('esc', false)).toBe('handled');
    expect(r.dispatch('ctrl+c', false)).toBe('handled');
    expect(calls).toEqual(['close help', 'force']);
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
