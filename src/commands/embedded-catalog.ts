import { join } from 'node:path';
import { CatalogClient, type ClientOptions } from '../api/index.js';

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

/** A client for the service the settings name, and how to stop it (and the catalog it started). */
export interface ConnectedClient {
  readonly client: CatalogClient;
  /** 'embedded' when no service is configured and the embedded catalog answers. */
  readonly service: 'configured' | 'embedded';
  close(): Promise<void>;
}

/**
 * A client for the configured service, or, with none configured, for the embedded catalog
 * started in-process (its token joins `secrets`, to be kept out of what is printed). `options`
 * gives the rest of the client's options, which may differ for the embedded catalog.
 */
export async function connectClient(
  settings: { readonly baseUrl?: string; readonly token?: string; readonly dataDir: string },
  secrets: string[],
  options: (service: ConnectedClient['service']) => Omit<ClientOptions, 'baseUrl' | 'token'>,
): Promise<ConnectedClient | { readonly problem: string }> {
  let embedded: InProcessCatalog | undefined;
  if (!settings.baseUrl) {
    const started = await startInProcessCatalog(settings.dataDir);
    if ('problem' in started) return started;
    embedded = started.catalog;
    secrets.push(embedded.token);
  }
  const service = embedded ? 'embedded' : 'configured';
  const client = new CatalogClient({
    ...options(service),
    baseUrl: embedded?.url ?? settings.baseUrl!,
    token: embedded?.token ?? settings.token!,
  });
  return {
    client,
    service,
    close: async () => {
      await client.close();
      await embedded?.close();
    },
  };
}
