/**
 * The query layer: the slice and what the rest of the program uses of it. The parts live in
 * queries/: model.ts (reads, their states and sources, the slice's shape), sources.ts (the
 * sources of one operation's reads and their keys), entries.ts and pages.ts (reads of one
 * answer, and paged ones), freshness.ts (account state asked again), context.ts (what the
 * parts share), slice.ts (builds the parts and delegates), stale-reads.ts (the client that
 * loads again what a write makes stale).
 */
export * from './queries/model.js';
export * from './queries/sources.js';
export { createQueriesSlice } from './queries/slice.js';
export { withStaleReads } from './queries/stale-reads.js';
