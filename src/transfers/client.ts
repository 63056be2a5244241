import type { CatalogClient } from '../api/index.js';

/**
 * What import and export need of a client: its calls, with the session it was given. The
 * command line passes a CatalogClient; the TUI its store's client, which also marks the
 * screens' reads stale after each write.
 */
export type ImportClient = Pick<CatalogClient, 'call'>;
