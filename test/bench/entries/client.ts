/**
 * What the client benchmark needs from src/, bundled on its own (the benchmark runs without a
 * TypeScript loader): the client, the operations table to build the same URLs for fetch, and
 * the catalog's shape to know which ids exist.
 */
export { CatalogClient } from '../../../src/api/index.js';
export { expandPath, operations } from '../../../src/contract/index.js';
export { catalogShape } from '../../../src/server/catalog/shape.js';
