/**
 * Input rules of the service that the TUI checks before sending, in plain code: the TUI's
 * first frame does not wait for the schema library, and the schemas are built from these same
 * rules, so the two cannot drift apart.
 */

/** The service's rating rules (E5), in the order it applies them; the messages are its own. */
export const RATING_MESSAGES = {
  tooLow: 'Value too low: Value must be greater than 0.0.',
  tooHigh: 'Value too high: Value must be less than, or equal to 10.0.',
  notHalfStep: 'Value invalid: Values must be a multiple of 0.50.',
} as const;

/** The values the service takes: multiples of RATING_STEP above 0 (the least is RATING_MIN), up to RATING_MAX. */
export const RATING_STEP = 0.5;
export const RATING_MIN = 0.5;
export const RATING_MAX = 10;

/**
 * Why a rating value would be refused, or null when the service accepts it. A multiple of 0.5
 * is checked first (0.4 is "invalid", not "too low"), then > 0, then <= 10.
 */
export function ratingProblem(value: number): string | null {
  const steps = value / RATING_STEP;
  if (!Number.isFinite(value) || Math.round(steps) !== steps) return RATING_MESSAGES.notHalfStep;
  if (value <= 0) return RATING_MESSAGES.tooLow;
  if (value > RATING_MAX) return RATING_MESSAGES.tooHigh;
  return null;
}

/** E4's body limits. */
export const LIST_RULES = {
  nameMax: 100,
  descriptionMax: 1000,
  language: /^[a-z]{2}$/,
  messages: {
    nameEmpty: 'name must not be empty',
    nameLong: 'name must be at most 100 characters',
    descriptionLong: 'description must be at most 1000 characters',
    language: 'language must be an ISO 639-1 code such as "en"',
  },
} as const;

export type ListBodyField = 'name' | 'description' | 'language';

/** What is wrong with each field of a list body (name, description, language), if anything. */
export function listBodyProblems(body: { name: string; description: string; language: string }): Partial<Record<ListBodyField, string>> {
  const problems: Partial<Record<ListBodyField, string>> = {};
  const name = body.name.trim();
  if (name.length === 0) problems.name = LIST_RULES.messages.nameEmpty;
  else if (name.length > LIST_RULES.nameMax) problems.name = LIST_RULES.messages.nameLong;
  if (body.description.length > LIST_RULES.descriptionMax) problems.description = LIST_RULES.messages.descriptionLong;
  if (!LIST_RULES.language.test(body.language)) problems.language = LIST_RULES.messages.language;
  return problems;
}
