import { z } from 'zod';

export { RATING_MESSAGES, ratingProblem } from '../rules.js';

export const ratingBody = z.strictObject({ value: z.number() });
