import { fillTemplate, operations, staleQueries, type OperationKey } from '../contract/index.js';

/**
 * The cached paths a write makes stale, as path patterns for ResponseCache.invalidate: the
 * contract says which reads (STALE_AFTER); here each becomes its path template with the
 * parameters the write knows filled in (URL-encoded) and the others `*`. A pattern also
 * covers the paths below it.
 */
export function invalidationPatterns(key: OperationKey, pathParams: Record<string, string | number>, body: unknown): string[] {
  const patterns = staleQueries(key, pathParams, body).map(({ read, known }) =>
    fillTemplate(operations[read].path, (name) => {
      const value = known[name];
      return value === undefined ? '*' : encodeURIComponent(value);
    }),
  );
  return [...new Set(patterns)];
}
