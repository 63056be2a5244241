import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../src/ui/commands.js';

/** What a registration under an id that another already holds does when either is released. */

describe('a registration', () => {
  it('stays when an earlier one under the same id is released, and goes with its own release', () => {
    const registry = new CommandRegistry();
    let changes = 0;
    registry.subscribe(() => changes++);
    const releaseOld = registry.register({ id: 'list', layer: 'screen', scopes: ['list'], handlers: { current: { 'list.open': () => {} } } });
    const releaseNew = registry.register({ id: 'list', layer: 'screen', scopes: ['list'], handlers: { current: { 'list.open': () => {} } } });
    expect(registry.commandFor('screen', 'enter')).toBe('list.open');
    const before = changes;
    releaseOld();
    expect(registry.commandFor('screen', 'enter')).toBe('list.open');
    expect(changes).toBe(before);
    releaseNew();
    expect(registry.commandFor('screen', 'enter')).toBeUndefined();
    expect(changes).toBe(before + 1);
  });
});
