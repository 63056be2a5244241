/**
 * The marks of films and series (my rating, the watchlist, favourites): the slice and what the
 * rest of the program uses of it. The parts live in marks/: model.ts (titles and the slice's
 * shape), writes.ts (each kind of write to a title in turn, the last asked winning),
 * title-ratings.ts (my ratings of films and series and their journal), slice.ts (builds the
 * parts and delegates; the watchlist and favourites).
 */
export * from './marks/model.js';
export { createMarksSlice } from './marks/slice.js';
