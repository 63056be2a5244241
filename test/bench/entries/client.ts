/**
 * What the client benchmark needs from src/, bundled on its own (the benchmark runs without a
 * TypeScript loader): the client, the operations table to build the same URLs for fetch, the
 * catalog's shape to know which ids exist, and undici's Pool (the same copy the client uses) as
 * the reference of a caller that does nothing but HTTP. The section's sides load it too, each in
 * a process of its own (test/bench/lib/client-side.mjs). And the memory budget, which the memory
 * section's soak run holds the TUI to.
 */
export { CatalogClient } from '../../../src/api/index.js';
export { expandPath, operations } from '../../../src/contract/index.js';
export { catalogShape } from '../../../src/server/catalog/shape.js';
export { Pool } from 'undici';
export { budgetTotal, SERVER_HEAP_BUDGET_MB, SERVER_RESOURCE_LIMITS, TUI_HEAP_BUDGET_MB, TUI_OLD_SPACE_MB } from '../../../src/commands/memory-budget.js';
