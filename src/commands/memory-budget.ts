/**
 * The TUI's memory budget: what the JavaScript heap of each thread holds at most, from the
 * bounds of its caches (each bounded in bytes where it is defined) and what one screen holds,
 * and the V8 limits set from it. Written down here, with no imports, so the embedded catalog's
 * worker can be started with its limit without loading the modules the bounds come from; a test
 * checks each figure against the constant it copies, and the limits against the program as built.
 * test/bench/README.md has the budget as a table, and the bench's soak run holds the TUI to it.
 *
 * All figures are MiB of V8 heap.
 */

/** The main thread (Ink, the store, the client): what it keeps, at most. */
export const TUI_HEAP_BUDGET_MB = {
  /** The program itself after a full collection, idle on its first screen (measured: 19-20 MiB). */
  program: 20,
  /**
   * The client's answers in memory (api/cache.ts: 4 Mi characters of JSON text). A string of
   * Latin-1 text takes a byte a character, any other text two: counted at two.
   */
  answers: 8,
  /**
   * The reads the screens have shown (state/slices/queries.ts KEPT_READ_BYTES: 4 MiB of JSON text), as
   * parsed objects: about three times their text.
   */
  keptReads: 12,
  /** Pictures drawn at a size (state/slices/pictures.ts DRAWING_BYTES_KEPT): their cells. */
  drawings: 4,
  /** Pictures encoded for iTerm2 or sixel (ui/components/Picture.tsx PAINTED_BYTES_KEPT), one-byte strings. */
  painted: 4,
  /**
   * What a screen holds besides: the largest is a list scrolled to its end, 10,000 rows (500
   * pages of about 10 KiB of JSON each, parsed), never dropped while it is shown.
   */
  screen: 16,
} as const;

/**
 * The main thread's old generation, `--max-old-space-size` on the bin's first line (src/cli.tsx)
 * and in `npm start`. What it changes is how V8 grows the heap: under its default limit V8
 * caps the factor by which it grows the old generation past what is alive between 1.3 and 2, the
 * lower the smaller the limit (up to 4 at the default), so it collects sooner rather than
 * growing into pages it then keeps. 100 films with posters at 160x45 against a remote service,
 * 8 MiB semi-spaces: 176 MiB RSS at 128, 177 at 256, 180 at 512 (196 before, with 16 MiB
 * semi-spaces and no limit). 512, not less: the limit applies to every command of the bin, and `marquee import` of a CSV file
 * of 32 MiB (its bound) parses into some 360 MiB, out of memory at 256.
 */
export const TUI_OLD_SPACE_MB = 512;

/**
 * The main thread's young generation a semi-space, `--max-semi-space-size` beside it. Frames at
 * 160x45 allocate some 35 MiB a film opened (mostly Ink's output step); at V8's default the young
 * generation grows to 64 MiB a semi-space and stays. With the old generation's limit above, 100
 * films with posters (remote) ended at 177 MiB RSS with 8 MiB, 169 with 4 and 193 with 16 (old
 * generation at 256; 196 before either flag). 4 cost the most work: over 40 films, 335
 * scavenges and 31 full collections against 201 and 10 at 8 and 103 and 8 at 16, and 27% more
 * CPU than 16 where 8 cost 4%. Alone,
 * a small young generation made things worse (4: 263 MiB; what it promotes grew the old one).
 */
export const TUI_SEMI_SPACE_MB = 8;

/**
 * The embedded catalog's thread: its program and the catalog's live objects (about 18 MiB
 * measured over 200 films browsed), the pages of searches and discovers it keeps
 * (server/catalog/store.ts PAGE_CACHE_BYTES, 4 MiB) and its films, series and people as list
 * items (server/catalog/list-item-cache.ts LIST_ITEM_CACHE_BYTES, 3 MiB each). SQLite's page
 * cache is outside the heap.
 */
export const SERVER_HEAP_BUDGET_MB = { program: 20, pages: 4, listItems: 9 } as const;

/**
 * The worker's resourceLimits: a young generation of 4 MiB (at V8's default it grows to tens of
 * MiB that stay resident while the TUI is idle; requests measured no slower) and an old
 * generation of twice its budget, room for the first start, which generates the catalog. A
 * thread past its limit stops with ERR_WORKER_OUT_OF_MEMORY rather than taking the TUI with it
 * (see embedded-server.ts, which also unsets the bin's heap flags before the thread starts:
 * V8's flags are the process's, and would win over these).
 */
export const SERVER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } as const;

/** The sum of a budget's parts. */
export const budgetTotal = (budget: Readonly<Record<string, number>>): number => Object.values(budget).reduce((sum, part) => sum + part, 0);
