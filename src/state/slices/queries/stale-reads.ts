// The contract's modules by name, not its index: the index would load every schema at start-up.
import { endpoints } from '../../../contract/endpoints.js';
import { staleQueries } from '../../../contract/stale.js';
import type { StaleQuery } from '../../../contract/index.js';
import { passImageBytes, type CatalogApi } from '../../deps.js';

/**
 * The client as the store uses it: after each write made within a session, the reads the
 * contract declares stale are loaded again before the write's answer is handed on, so whoever
 * waits on a write sees fresh reads. The session writes themselves (signing in and out) change
 * who is signed in: the reads that depend on that are forgotten when the session changes.
 */
export function withStaleReads(client: CatalogApi, written: (stale: readonly StaleQuery[]) => Promise<void>): CatalogApi {
  return {
    async call(op, args) {
      const answer = await client.call(op, args);
      if (endpoints[op].session !== 'none') {
        const stale = staleQueries(op, (args.path ?? {}), args.body);
        if (stale.length > 0) await written(stale);
      }
      return answer;
    },
    imageBytes: passImageBytes(client),
    close: client.close ? () => client.close?.() : undefined,
  };
}
