import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogGenerator } from './catalog/generator.js';
import { DEFAULT_CATALOG_SIZE, DEFAULT_SEED } from './catalog/shape.js';
import { CatalogIndex } from './catalog/store.js';
import { type DemoAccount, checkToken, defaultTokenFile, loadOrCreateTokenFile, openDemoAccount } from './credentials.js';
import { explainDataDirFailure } from './diagnostics.js';
import type { ServerContext } from './handlers/context.js';
import type { FaultRule } from './faults.js';
import { USER_DATABASE_FILE, UserStore } from './userdata/store.js';

/** A Host header we may echo back in image addresses: host or host:port, nothing else. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** How the embedded reference server runs: `startServer` (index.ts) and the TUI's catalog thread (embedded.ts). */
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

/** The catalog, the user data, the token and the demo account: what serving needs, before any HTTP. */
export interface CatalogService {
  readonly context: ServerContext;
  readonly token: string;
  /** Set when the token was read from / written to a file. */
  readonly tokenFile?: string;
  /** The demo account as its file has it (created when missing). */
  readonly demoAccount: DemoAccount;
  /**
   * The demo account once the account's password is checked against its file (scrypt, off the
   * event loop), done on the first call: what needs the password (a sign-in, the approval page)
   * waits for it, what reads the catalog does not.
   */
  demo(): Promise<DemoAccount>;
  /** Where image addresses point: this machine's address of the server. */
  setOrigin(url: string): void;
  close(): void;
}

/** What went wrong with the data dir (full, read-only, damaged), said in one line naming it. */
export function explained(error: unknown, path: string): unknown {
  return (error as { syscall?: string }).syscall === 'listen' ? error : (explainDataDirFailure(error, path) ?? error);
}

/**
 * Opens the catalog and the user data of `options.dataDir` (created 0700 if missing), reads or
 * makes the token, and checks the demo account: `startServer` serves it over HTTP, the TUI's
 * catalog thread answers its requests in the thread (in-thread.ts).
 */
export function openCatalogService(options: ServerOptions, wildcard = false): CatalogService {
  const now = options.now ?? (() => new Date());
  try {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw explained(error, options.dataDir);
  }
  const catalog = new CatalogGenerator(options.seed ?? DEFAULT_SEED, options.catalogSize ?? DEFAULT_CATALOG_SIZE);
  let index: CatalogIndex;
  try {
    index = CatalogIndex.open(options.dataDir, catalog);
  } catch (error) {
    throw explained(error, options.dataDir);
  }
  let users: UserStore | undefined;
  try {
    try {
      users = UserStore.open(options.dataDir);
    } catch (error) {
      throw explained(error, join(options.dataDir, USER_DATABASE_FILE));
    }
    let token: string;
    let tokenFile: string | undefined;
    if (options.token !== undefined) {
      token = checkToken(options.token, 'token option');
    } else {
      tokenFile = defaultTokenFile(options.dataDir);
      token = loadOrCreateTokenFile(tokenFile).token;
    }
    let url = '';
    const context: ServerContext = {
      catalog,
      index,
      users,
      now,
      demoUsername: '',
      // On a wildcard address the server has no single name: answer with the one the client used.
      origin: (hostHeader) => (wildcard && hostHeader && HOST_HEADER.test(hostHeader) ? `http://${hostHeader}` : url),
    };
    const demoAccount = openDemoAccount(options.dataDir, users.accounts, now());
    context.demoUsername = demoAccount.account.username;
    let demo: Promise<DemoAccount> | undefined;
    const store = users;
    return {
      context,
      token,
      tokenFile,
      demoAccount: demoAccount.account,
      demo: () => (demo ??= demoAccount.check().then(() => demoAccount.account)),
      setOrigin: (origin) => {
        url = origin;
      },
      close: () => {
        store.close();
        index.close();
      },
    };
  } catch (error) {
    users?.close();
    index.close();
    throw explained(error, options.dataDir);
  }
}

