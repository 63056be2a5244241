import { RATING_MAX, RATING_MIN, RATING_STEP, ratingProblem } from '../../../contract/rules.js';

/**
 * A rating value as the TUI types, steps and shows it. Which values the service takes is the
 * contract's rule (contract/rules.ts): this module asks it, never restates it.
 */

export { RATING_MAX, RATING_MIN, RATING_STEP };

export const EMPTY_RATING_MESSAGE = `Type a rating from ${RATING_MIN} to ${RATING_MAX} in steps of ${RATING_STEP}, or step it with ← and →.`;

/** 8 -> "8.0", 7.5 -> "7.5". */
export function formatRating(value: number): string {
  return value.toFixed(1);
}

/** The value typed, or why the service would refuse it (its own messages, see RATING_MESSAGES). */
export function parseRating(text: string): { value: number; problem?: undefined } | { value?: undefined; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: EMPTY_RATING_MESSAGE };
  const value = Number(trimmed);
  const problem = ratingProblem(value);
  return problem ? { problem } : { value };
}

/**
 * A whole rating with half a point more (7 -> 7.5), when the service takes that; undefined for
 * a rating that already has its half point, and for one the rule refuses one half point above (10).
 */
export function withHalfPoint(value: number): number | undefined {
  const more = value + RATING_STEP;
  return Number.isInteger(value) && ratingProblem(more) === null ? more : undefined;
}

/**
 * One step up or down from what is typed: off-step values snap to the next half point in that
 * direction (7.2 -> 7.5 up, 7.0 down), and the result stays within 0.5..10. Nothing typed steps
 * from `from`.
 */
export function stepRating(text: string, direction: 1 | -1, from: number): number {
  const typed = Number(text.trim());
  const current = text.trim() === '' || !Number.isFinite(typed) ? from : typed;
  const steps = current / RATING_STEP;
  const next = direction > 0 ? Math.floor(steps) + 1 : Math.ceil(steps) - 1;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, next * RATING_STEP));
}
