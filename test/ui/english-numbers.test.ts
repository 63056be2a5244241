import { describe, expect, it } from 'vitest';
import { englishCompact, englishNumber, roundHalfExpand, SHORT_MONTHS } from '../../src/ui/english-numbers.js';
import { formatAsOf, formatCount, formatDate, formatDecimal, formatMoney, formatVote } from '../../src/ui/format.js';

/**
 * The first screen writes its numbers without ICU (english-numbers.ts). Intl is the reference
 * here: for every value below, the hand-written text must be the text Intl writes for 'en'.
 */

/** A fixed sequence of pseudo-random numbers, so a failure names a value that can be rerun. */
function* randomValues(count: number, seed: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state / 2_147_483_648;
  }
}

/** Integers and decimals around each power of ten up to 10^12 and each rounding edge, and random ones. */
function samples(): number[] {
  const values = new Set<number>([0, -0, 1, 0.05, 0.15, 0.25, 1.45, 2.675, 9.95, 99.95, 999.9, 999.95, 999.96]);
  for (let power = 0; power <= 12; power++) {
    const size = 10 ** power;
    for (const near of [-1, -0.5, 0, 0.5, 1]) values.add(size + near);
    for (const factor of [0.9995, 0.99995, 0.999949, 1.05, 1.15, 1.25, 1.45, 9.995, 99.95, 999.95, 999.949]) values.add(Math.round(size * factor));
  }
  for (const r of randomValues(3000, 7)) {
    values.add(Math.round(r * 10 ** (1 + (Math.floor(r * 1e6) % 12))));
    values.add(Number((r * 10 ** (Math.floor(r * 1e5) % 6)).toFixed(3)));
  }
  return [...values].flatMap((value) => [value, -value]);
}

describe('numbers in English without ICU', () => {
  const values = samples();
  const count = new Intl.NumberFormat('en');
  const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
  const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

  it('groups and rounds as Intl does', () => {
    const wrong = values.filter((value) => englishNumber(value, 3) !== count.format(value) || englishNumber(value, 1) !== oneDecimal.format(value));
    expect(wrong.map((value) => [value, englishNumber(value, 1), oneDecimal.format(value)])).toEqual([]);
  });

  it('writes compact counts as Intl does, rounding up into the next unit', () => {
    const wrong = values.filter((value) => englishCompact(value) !== compact.format(value));
    expect(wrong.map((value) => [value, englishCompact(value), compact.format(value)])).toEqual([]);
    expect(englishCompact(999_949)).toBe('999.9K');
    expect(englishCompact(999_950)).toBe('1M');
    expect(englishCompact(25_600)).toBe('25.6K');
  });

  it('rounds halves away from zero on the decimal the number reads as', () => {
    expect(roundHalfExpand(1.45, 1)).toBe(1.5);
    expect(roundHalfExpand(-1.45, 1)).toBe(-1.5);
    expect(roundHalfExpand(2.675, 2)).toBe(2.68);
    expect(roundHalfExpand(0.04, 1)).toBe(0);
  });

  it('keeps the formatters the screens use as they were', () => {
    expect(formatCount(1203)).toBe('1,203');
    expect(formatVote(7.834, 1234)).toBe('7.8 (1.2k)');
    expect(formatVote(6.1, 25_600)).toBe('6.1 (25.6k)');
    expect(formatMoney(29_000_000)).toBe('$29,000,000');
    expect(formatMoney(-1500.5)).toBe(new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(-1500.5));
    expect(formatDecimal(59.208)).toBe('59.2');
  });
});

describe('dates in English without ICU', () => {
  const dates = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

  it('writes day, short month and year as Intl names them', () => {
    expect(SHORT_MONTHS).toEqual(Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2024, month, 1)).toLocaleString('en', { month: 'short', timeZone: 'UTC' })));
    for (const value of ['1999-10-15', '2024-03-12', '2024-02-29', '1900-01-01', '0999-12-31', '2026-11-25T23:59:59Z']) {
      const parts = dates.formatToParts(Date.parse(`${value.slice(0, 10)}T00:00:00Z`));
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      expect(formatDate(value)).toBe(`${part('day')} ${part('month')} ${part('year')}`);
    }
    expect(formatDate('')).toBe('date unknown');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes when an answer was kept in local time, with the local month', () => {
    const now = new Date(2026, 10, 25, 12, 0).getTime();
    expect(formatAsOf(new Date(2026, 10, 25, 9, 5).getTime(), now)).toBe('09:05');
    expect(formatAsOf(new Date(2026, 1, 3, 14, 2).getTime(), now)).toBe('3 Feb 14:02');
    expect(formatAsOf(new Date(2025, 10, 23, 14, 2).getTime(), now)).toBe('23 Nov 2025 14:02');
  });
});
