import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../src/ui/commands.js';
import { KEYMAP, type CommandIn, type Scope } from '../../src/ui/keymap.js';

/**
 * Key scopes are typed: a handler is accepted only for a command the keymap binds in the scopes
 * given. The lines marked @ts-expect-error are checked by `tsc --noEmit` (npm test runs it): if
 * one of them compiled, the expectation itself would be the error.
 */

describe('typed key scopes', () => {
  it('takes the commands of its scopes and refuses the others at compile time', () => {
    const inList: Handlers<'list'> = { 'list.down': () => {}, 'list.open': () => {} };
    // @ts-expect-error: tv.latest is bound in tv.home, not in list.
    const outside: Handlers<'list'> = { 'tv.latest': () => {} };
    const both: Handlers<'list' | 'tv.home'> = { 'list.down': () => {}, 'tv.latest': () => {} };
    // @ts-expect-error: not a scope of the keymap.
    const notAScope: Scope = 'nowhere';
    const listCommands: CommandIn<'list'>[] = ['list.up', 'list.filter'];
    expect([inList, outside, both, notAScope].length).toBe(4);
    // Each command named as the list scope's is bound there in the keymap.
    for (const command of listCommands) expect(KEYMAP.some((b) => b.command === command && b.scope === 'list')).toBe(true);
  });
});
