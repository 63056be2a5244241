/**
 * Import and export from the Lists tab: the slice and what the rest of the program uses of it.
 * The parts live in transfers/: model.ts (the jobs and the slice's shape), paths.ts (where a
 * typed path reads and writes), file-import.ts (read, check, write), import-file.ts (how a file
 * read is described), account-export.ts, context.ts (what they share), slice.ts (builds the
 * parts and delegates).
 */
export * from './transfers/model.js';
export * from './transfers/paths.js';
export { createTransfersSlice } from './transfers/slice.js';
