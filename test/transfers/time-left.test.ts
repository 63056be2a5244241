import { describe, expect, it } from 'vitest';
import { formatTimeLeft, TimeLeftEstimator } from '../../src/transfers/time-left.js';

/** A run of `rows` rows, the i-th taking paceOf(i) ms: the estimates shown after each row. */
function run(rows: number, paceOf: (row: number) => number): Array<{ done: number; at: number; shown: number | undefined }> {
  const estimator = new TimeLeftEstimator(rows);
  let at = 1_000_000;
  estimator.start(at);
  const out = [];
  for (let done = 1; done <= rows; done++) {
    at += paceOf(done);
    out.push({ done, at, shown: estimator.update(done, at) });
  }
  return out;
}

/** A fixed sequence of pseudo-random numbers in [0, 1): the same every run. */
function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the time an import has left', () => {
  it('shows nothing for the first rows, then the rows left at the recent pace', () => {
    const steps = run(100, () => 200);
    expect(steps.slice(0, 4).map((s) => s.shown)).toEqual([undefined, undefined, undefined, undefined]);
    expect(steps[4]!.shown).toBeCloseTo(95 * 200, 6);
    expect(steps.at(-1)!.shown).toBe(0);
  });

  it('does not jump back and forth while the pace only varies around a steady value (requests of 50 to 350 ms)', () => {
    for (const seed of [1, 5, 6, 7, 8, 9, 10, 42, 1234, 99_999]) {
      const random = noise(seed);
      const steps = run(310, () => 50 + random() * 300);
      const shown = steps.flatMap((s) => (s.shown === undefined ? [] : [s.shown]));
      // It counts down; it may be corrected up once when the first rows were faster than the
      // rest, but it never falls and rises again after that.
      let turnsUp = 0;
      for (let i = 2; i < shown.length; i++) if (shown[i]! > shown[i - 1]! && shown[i - 1]! <= shown[i - 2]!) turnsUp += 1;
      expect(turnsUp, `seed ${seed}`).toBeLessThanOrEqual(1);
      // And it stays near the truth: within a third of what is left, from the first third on.
      for (const row of [100, 155, 200]) {
        const truthLeft = steps.at(-1)!.at - steps[row]!.at;
        expect(Math.abs(steps[row]!.shown! - truthLeft) / truthLeft, `seed ${seed}, row ${row}`).toBeLessThan(1 / 3);
      }
    }
  });

  it('follows a real change of pace: a service four times slower shows a longer time within a few rows', () => {
    const steps = run(200, (row) => (row <= 100 ? 100 : 400));
    const before = steps[99]!.shown!;
    expect(before).toBeCloseTo(100 * 100, 6);
    expect(steps[110]!.shown!).toBeGreaterThan(before);
    for (const row of [130, 150]) {
      const after = steps[row]!;
      const truthLeft = steps.at(-1)!.at - after.at;
      expect(Math.abs(after.shown! - truthLeft) / truthLeft, `row ${row}`).toBeLessThan(0.4);
    }
  });

  it('a burst of rows settled at once (rows done before) counts as those rows, not as one slow row', () => {
    const estimator = new TimeLeftEstimator(100);
    estimator.start(0);
    for (let done = 1; done <= 10; done++) estimator.update(done, done * 100);
    // 40 rows the journal had written, settled within the same millisecond.
    const shown = estimator.update(50, 1_001)!;
    expect(shown).toBeLessThan(50 * 100);
  });

  it('is written in whole seconds, minutes and hours', () => {
    expect(formatTimeLeft(undefined)).toBe('…');
    expect(formatTimeLeft(0)).toBe('0 s');
    expect(formatTimeLeft(14_200)).toBe('15 s');
    expect(formatTimeLeft(190_000)).toBe('3 min 10 s');
    expect(formatTimeLeft(3_900_000)).toBe('1 h 5 min');
  });
});
