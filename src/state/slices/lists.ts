/**
 * My lists: the slice and what the rest of the program uses of it. The parts live in lists/:
 * model.ts (the slice's shape, the create-list draft and its check), writes.ts (the writes in
 * turn, and where each movie will be), slice.ts (each action as one write).
 */
export * from './lists/model.js';
export { createListsSlice } from './lists/slice.js';
