/**
 * Episode ratings: the slice and what the rest of the program uses of it. The parts live in
 * ratings/: model.ts (the slice's shape, episode refs), values.ts (a rating as typed and
 * shown), slice.ts (builds the parts: writer, delivery, batches, journal, conflicts, delete
 * prompt, reads), messages.ts (the words of the toasts).
 */
export * from './ratings/model.js';
export * from './ratings/values.js';
export { createRatingsSlice } from './ratings/slice.js';
