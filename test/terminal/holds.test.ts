import { describe, expect, it } from 'vitest';
import { Holds } from '../../src/terminal/holds.js';

describe('counted holds', () => {
  it('keeps a key held until every holder lets go, each once, and says when each lets go', () => {
    const holds = new Holds();
    const released: string[] = [];
    const first = holds.hold('a', () => released.push('first'));
    const second = holds.hold('a', () => released.push('second'));
    expect(holds.keys()).toEqual(['a']);
    first();
    first();
    expect(holds.has('a')).toBe(true);
    expect(released).toEqual(['first']);
    second();
    expect(holds.has('a')).toBe(false);
    expect(holds.keys()).toEqual([]);
    expect(released).toEqual(['first', 'second']);
  });
});
