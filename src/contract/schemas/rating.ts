import { z } from 'zod';

/**
 * The service's rating rules (E5), in the order it applies them: a multiple of 0.5 first
 * (0.4 is "invalid", not "too low"), then > 0, then <= 10. The messages are the service's own.
 */
export const RATING_MESSAGES = {
  tooLow: 'Value too low: Value must be greater than 0.0.',
  tooHigh: 'Value too high: Value must be less than, or equal to 10.0.',
  notHalfStep: 'Value invalid: Values must be a multiple of 0.50.',
} as const;

/** Why a rating value would be refused, or null when the service accepts it. */
export function ratingProblem(value: number): string | null {
  if (!Number.isFinite(value) || Math.round(value * 2) !== value * 2) return RATING_MESSAGES.notHalfStep;
  if (value <= 0) return RATING_MESSAGES.tooLow;
  if (value > 10) return RATING_MESSAGES.tooHigh;
  return null;
}

export const ratingBody = z.strictObject({ value: z.number() });
