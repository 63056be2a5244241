import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Env, dataDir } from '../config.js';
import { terminalSafe } from '../contract/index.js';
import {
  CredentialsError, DEMO_ACCOUNT_FILE, TOKEN_FILE, checkToken, loadOrCreateTokenFile,
} from '../server/credentials.js';
import { DEFAULT_CATALOG_SIZE, MAX_CATALOG_SIZE, MIN_CATALOG_SIZE, startServer } from '../server/index.js';

/**
 * `marquee serve`: the embedded reference server on its own, until SIGINT or SIGTERM.
 * Secrets never reach the terminal: it prints where the access token and the demo account's
 * password are kept (files only their owner can read), not what they are.
 */

export interface ServeIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Env;
  /** Stops the server like SIGINT does (for embedding and tests). */
  signal?: AbortSignal;
}

const USAGE = `Usage: marquee serve [options]

Runs the embedded reference server: the catalog service's interface over a generated catalog,
with user data (sessions, lists, ratings) kept in SQLite. Stop it with Ctrl-C.

Options:
  --host HOST            address to listen on (default 127.0.0.1)
  --port N               port (default 0: any free port)
  --data-dir DIR         where the databases and secret files live
                         (default: $MARQUEE_DATA_DIR or $XDG_DATA_HOME/marquee, then /server)
  --token-file FILE      read the access token from FILE, or create FILE with a new one
                         (default: DIR/${TOKEN_FILE})
  --token TOKEN          use TOKEN as the access token (prefer --token-file: argv is visible to others)
  --catalog-size N       titles in the generated catalog, ${MIN_CATALOG_SIZE}..${MAX_CATALOG_SIZE} (default ${DEFAULT_CATALOG_SIZE})
  --seed N               seed of the generated catalog (default: the demo catalog)
  --log                  log each request (method and path; never query strings)
  -h, --help             show this help

Clients send the token as "Authorization: Bearer <token>" (or ?api_key=<token>). The demo
account for validate_with_login is created on first start; its password is in DIR/${DEMO_ACCOUNT_FILE}.
`;

class UsageError extends Error {}

function integerOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

interface ServeSettings {
  host: string;
  port: number;
  dataDir: string;
  token?: string;
  tokenFile: string;
  catalogSize?: number;
  seed?: number;
  log: boolean;
}

function parseServeArgs(args: string[], env: Env): ServeSettings | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        token: { type: 'string' },
        'token-file': { type: 'string' },
        'catalog-size': { type: 'string' },
        seed: { type: 'string' },
        log: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty');
  if (values.token !== undefined && values['token-file'] !== undefined) {
    throw new UsageError('give --token or --token-file, not both');
  }
  const directory = resolve(values['data-dir'] ?? join(dataDir(env), 'server'));
  return {
    host: values.host ?? '127.0.0.1',
    port: integerOption('port', values.port, 0, 65535) ?? 0,
    dataDir: directory,
    token: values.token,
    tokenFile: resolve(values['token-file'] ?? join(directory, TOKEN_FILE)),
    catalogSize: integerOption('catalog-size', values['catalog-size'], MIN_CATALOG_SIZE, MAX_CATALOG_SIZE),
    seed: integerOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER),
    log: values.log ?? false,
  };
}

/** Resolves on SIGINT, SIGTERM or the io's abort signal; removes its listeners afterwards. */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

function describeStartFailure(error: unknown, settings: ServeSettings): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `cannot listen on ${settings.host}:${settings.port}: the port is already in use`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${settings.host}: no such address on this machine`;
  if (code === 'EACCES') return `cannot listen on ${settings.host}:${settings.port} or write ${settings.dataDir}: permission denied`;
  return error instanceof Error ? error.message : String(error);
}

export async function runServeCommand(
  args: string[],
  io: ServeIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  let settings: ServeSettings;
  try {
    const parsed = parseServeArgs(args, io.env);
    if (parsed === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    settings = parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`marquee serve: ${terminalSafe(error.message)}\nRun "marquee serve --help" for the options.\n`);
    return 2;
  }

  let token: string;
  let tokenCreated = false;
  const demoFile = join(settings.dataDir, DEMO_ACCOUNT_FILE);
  const demoExisted = existsSync(demoFile);
  try {
    if (settings.token !== undefined) {
      token = checkToken(settings.token, '--token');
    } else {
      ({ token, created: tokenCreated } = loadOrCreateTokenFile(settings.tokenFile));
    }
  } catch (error) {
    io.stderr.write(`marquee serve: ${terminalSafe((error as Error).message)}\n`);
    return error instanceof CredentialsError ? 2 : 1;
  }

  let server;
  try {
    server = await startServer({
      dataDir: settings.dataDir,
      host: settings.host,
      port: settings.port,
      token,
      catalogSize: settings.catalogSize,
      seed: settings.seed,
      logger: settings.log,
    });
  } catch (error) {
    io.stderr.write(`marquee serve: ${terminalSafe(describeStartFailure(error, settings))}\n`);
    return 1;
  }

  io.stdout.write(`listening on ${server.url}\n`);
  if (settings.token === undefined) {
    io.stdout.write(`access token: in ${settings.tokenFile}${tokenCreated ? ' (new, readable only by you)' : ''}\n`);
  } else {
    io.stdout.write('access token: the one given with --token\n');
  }
  io.stdout.write(
    `demo account: ${server.demoAccount.username} (password in ${server.demoAccount.file ?? demoFile}${demoExisted ? '' : ', new, readable only by you'})\n`,
  );

  await untilStopped(io.signal);
  await server.close();
  return 0;
}
