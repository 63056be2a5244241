import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { isLoopback } from './http/loopback.js';
import { DEFAULT_SEED } from './catalog/shape.js';
import { handlers } from './handlers/index.js';
import { type ServerOptions, explained, openCatalogService } from './service.js';
import { USER_DATABASE_FILE } from './userdata/store.js';

/**
 * The embedded reference server: the real service's interface over a generated catalog and a
 * SQLite file of user data, on loopback. `marquee serve` runs it alone; the TUI starts it
 * in-process when no base URL is configured.
 */

export type { ServerOptions } from './service.js';

export interface RunningServer {
  /** e.g. http://127.0.0.1:43121 (origin, no trailing slash): how this machine reaches it. */
  url: string;
  /** The address and port the socket is bound to, as the system reports them (0.0.0.0 for all). */
  bound: { address: string; port: number; family: string };
  token: string;
  /** Set when the token was read from / written to a file. */
  tokenFile?: string;
  /** For validate_with_login; created once, stored 0600 in dataDir when generated. */
  demoAccount: { username: string; password: string; file?: string };
  close(): Promise<void>;
}

export { DEFAULT_CATALOG_SIZE, MAX_CATALOG_SIZE, MIN_CATALOG_SIZE } from './catalog/shape.js';
export { DEMO_ACCOUNT_FILE, TOKEN_FILE } from './credentials.js';
export { DataDirError } from './diagnostics.js';
export { DEFAULT_RATE_LIMIT, FaultSpecError, parseFaultSpec, type FaultRule } from './faults.js';
export { isLoopback } from './http/loopback.js';

/** An address as it goes in a URL: IPv6 in brackets. */
export function addressForUrl(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);


export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer from 0 to 65535 (got ${port})`);
  const wildcard = WILDCARD_HOSTS.has(host);
  const service = openCatalogService(options, wildcard);
  const { context, token, tokenFile } = service;
  // A server started alone checks the demo password (scrypt, off the event loop) while its app is built.
  const demoChecked = service.demo();
  demoChecked.catch(() => undefined);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(context, {
      accessToken: token,
      handlers,
      logger: options.logger ?? false,
      compressResponses: !isLoopback(host),
      requestTimeoutMs: options.requestTimeoutMs,
      onUnimplemented: options.onUnimplemented,
      logStream: options.logStream,
      onDiskFailure: options.onDiskFailure,
      userDatabase: join(options.dataDir, USER_DATABASE_FILE),
      faults: options.faults && options.faults.length > 0 ? { rules: options.faults, seed: options.seed ?? DEFAULT_SEED } : undefined,
    });
    const demo = await demoChecked;
    await app.listen({ host, port });
    const address = app.server.address() as AddressInfo;
    const reachable = wildcard ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
    const url = `http://${addressForUrl(reachable)}:${address.port}`;
    service.setOrigin(url);

    const running = app;
    let closing: Promise<void> | undefined;
    return {
      url,
      bound: { address: address.address, port: address.port, family: address.family },
      token,
      tokenFile,
      demoAccount: { username: demo.username, password: demo.password, file: demo.file },
      close: () => {
        closing ??= (async () => {
          await running.close();
          service.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close();
    service.close();
    throw explained(error, options.dataDir);
  }
}
