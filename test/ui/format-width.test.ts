import { describe, expect, it } from 'vitest';
import { columns, fit, truncate, wrapText } from '../../src/ui/format.js';
import { titledRow } from '../../src/ui/rows.js';

/** Text is measured in terminal columns: a Japanese title takes two per character. */

describe('columns of text', () => {
  it('counts a CJK character as two columns, an emoji as two, a combining accent as none', () => {
    expect(columns('Salt Orchard')).toBe(12);
    expect(columns('庭と静寂')).toBe(8);
    expect(columns('🎬')).toBe(2);
    expect(columns('Que\u0301bec')).toBe(6);
  });

  it('cuts and pads to columns, never through a character', () => {
    expect(truncate('庭と静寂の夜', 7)).toBe('庭と静…');
    expect(columns(truncate('庭と静寂の夜', 6))).toBeLessThanOrEqual(6);
    expect(truncate('庭と静寂の夜', 2)).toBe('…');
    expect(fit('庭と', 6)).toBe('庭と  ');
    expect(fit('Que\u0301bec', 8)).toBe('Que\u0301bec  ');
  });

  it('wraps a paragraph without spaces at the line width', () => {
    const lines = wrapText('静かな庭で一人の男が古い手紙を見つける。', 10);
    expect(lines.every((line) => columns(line) <= 10)).toBe(true);
    expect(lines.join('')).toBe('静かな庭で一人の男が古い手紙を見つける。');
    expect(wrapText('庭庭', 1)).toEqual(['庭', '庭']);
  });

  it('keeps a row with a Japanese title exactly as wide as the list, the vote whole', () => {
    const row = titledRow('庭と静寂', '2026-01-01', '6.1 (25.6k)', 76);
    expect(columns(row)).toBe(76);
    expect(row.endsWith('6.1 (25.6k)')).toBe(true);
  });
});
