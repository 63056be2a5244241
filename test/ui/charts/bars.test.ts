import { describe, expect, it } from 'vitest';
import { fitValues, horizontalBar, sparkline } from '../../../src/ui/charts/bars.js';

describe('horizontalBar', () => {
  it('draws eighths of a cell with blocks, padded to the width', () => {
    expect(horizontalBar(10, 10, 4, 'blocks')).toBe('████');
    // 5/10 of 3 cells = 12 eighths: one full cell and a half.
    expect(horizontalBar(5, 10, 3, 'blocks')).toBe('█▌ ');
    expect(horizontalBar(0, 10, 3, 'blocks')).toBe('   ');
  });

  it('never hides a value above zero', () => {
    expect(horizontalBar(1, 1000, 4, 'blocks')).toBe('▏   ');
    expect(horizontalBar(1, 1000, 4, 'plain')).toBe('#   ');
  });

  it("draws '#' in plain mode", () => {
    expect(horizontalBar(3, 4, 8, 'plain')).toBe('######  ');
  });
});

describe('sparkline', () => {
  it('gives each value a level of the largest', () => {
    expect(sparkline([0, 1, 4, 8], 'blocks')).toBe(' ▁▄█');
    expect(sparkline([0, 1, 4, 9], 'plain')).toBe('.149');
  });
  it('is blank for nothing', () => {
    expect(sparkline([0, 0], 'blocks')).toBe('  ');
  });
});

describe('fitValues', () => {
  it('sums runs ending at the newest value when there are too many', () => {
    expect(fitValues([1, 2, 3, 4, 5], 5)).toEqual([1, 2, 3, 4, 5]);
    expect(fitValues([1, 2, 3, 4, 5], 2)).toEqual([3, 12]);
    expect(fitValues([1, 2, 3, 4, 5, 6], 3)).toEqual([3, 7, 11]);
  });
});
