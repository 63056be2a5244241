import { join } from 'node:path';

/** The embedded catalog as the command-line commands use it: its address, its token, and how to stop it. */
export interface InProcessCatalog {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

/**
 * Starts the embedded catalog of `dataDir` in this process, as the TUI does, so the commands
 * work offline and share the TUI's stored session for it. A data directory it cannot use gives
 * the reason to tell the user instead.
 */
export async function startInProcessCatalog(dataDir: string): Promise<{ readonly catalog: InProcessCatalog } | { readonly problem: string }> {
  const { DataDirError, startServer } = await import('../server/index.js');
  try {
    return { catalog: await startServer({ dataDir: join(dataDir, 'server') }) };
  } catch (error) {
    if (error instanceof DataDirError) return { problem: `the embedded catalog cannot start: ${error.message}` };
    throw error;
  }
}
