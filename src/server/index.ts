import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { isLoopback } from './http/loopback.js';
import { DEFAULT_SEED } from './catalog/shape.js';
import { handlers } from './handlers/index.js';
import { explained, openCatalogService } from './service.js';
import { USER_DATABASE_FILE } from './userdata/store.js';
import type { FaultRule } from './faults.js';

/**
 * The embedded reference server: the real service's interface over a generated catalog and a
 * SQLite file of user data, on loopback. `marquee serve` runs it alone; the TUI starts it
 * in-process when no base URL is configured.
 */

export interface ServerOptions {
  /** SQLite files live here (created 0700 if missing). */
  dataDir: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (ephemeral). */
  port?: number;
  /** The access token clients must send; when absent, read <dataDir>/server-token or create it (random, 0600). */
  token?: string;
  /** Titles (films + series); default 2000. */
  catalogSize?: number;
  /** Default fixed, so the demo catalog is the same everywhere. */
  seed?: number;
  /** Default false. */
  logger?: boolean;
  /** How long a request may take to arrive whole (headers and body); default 15 s. */
  requestTimeoutMs?: number;
  /** Where the request log goes (see AppOptions); default stdout. */
  logStream?: { write(line: string): unknown };
  /** Told of requests for operations of the real interface not implemented here (see AppOptions). */
  onUnimplemented?: (line: string) => void;
  /** Told of each 500 the disk caused, with the path and the fix (see AppOptions). */
  onDiskFailure?: (line: string) => void;
  /** Injectable clock (token expiry, "today" of the catalog); default real time. */
  now?: () => Date;
  /** Faults on demand (faults.ts: parseFaultSpec), drawn from the seed; none by default. */
  faults?: readonly FaultRule[];
}

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
    const demo = await service.demo;
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
