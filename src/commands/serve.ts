import { lookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigFileError, type Env, dataDir, readConfigFile } from '../config/settings.js';
import { terminalSafe } from '../contract/index.js';
import {
  CredentialsError, DEMO_ACCOUNT_FILE, TOKEN_FILE, checkToken, loadOrCreateTokenFile,
} from '../server/credentials.js';
import { explainDataDirFailure } from '../server/diagnostics.js';
import {
  DEFAULT_CATALOG_SIZE, DEFAULT_RATE_LIMIT, FaultSpecError, MAX_CATALOG_SIZE, MIN_CATALOG_SIZE, addressForUrl, isLoopback,
  parseFaultSpec, startServer, type FaultRule, type RunningServer,
} from '../server/index.js';
import { readFlags } from './flags.js';

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
  --host HOST            address to listen on (default 127.0.0.1). Any address but loopback
                         needs --allow-remote
  --allow-remote         listen on a non-loopback --host: the API (with the access token), the
                         approval page and the images become reachable from the network
  --port N               port (default 0: any free port)
  --data-dir DIR         where the databases and secret files live
                         (default: $MARQUEE_DATA_DIR or $XDG_DATA_HOME/marquee, then /server)
  --token-file FILE      read the access token from FILE, or create FILE with a new one
                         (default: DIR/${TOKEN_FILE})
  --token TOKEN          use TOKEN as the access token (prefer --token-file: argv is visible to others)
  --catalog-size N       titles in the generated catalog, ${MIN_CATALOG_SIZE}..${MAX_CATALOG_SIZE} (default ${DEFAULT_CATALOG_SIZE})
  --seed N               seed of the generated catalog (default: the demo catalog)
  --log                  log each request (method and path; never query strings)
  --faults SPEC          inject faults, drawn from --seed (default: "faults" in the config file).
                         Comma-separated rules, each for all operations or for one (NAME:RULE):
                         rate-limit[=N/s] (429 above ${DEFAULT_RATE_LIMIT}/s or N/s), 429=P%, 500=P%, 502=P%,
                         503=P%, reset=P% (connection cut mid-body), latency=MS or latency=LOW..HIGHms
                         e.g. --faults "429=20%, rateMovie:503=50%, latency=20..200ms"
  --print-env            once listening, print only environment lines on stdout (KEY=VALUE,
                         e.g. for >> "$GITHUB_ENV"; a value holding a space or another character
                         a shell reads specially is single-quoted, for set -a; . ./serve.env):
                         TMDB_BASE_URL (…/3), MARQUEE_SERVE_URL,
                         TMDB_TOKEN_FILE, MARQUEE_DEMO_USERNAME, MARQUEE_DEMO_PASSWORD_FILE,
                         MARQUEE_SERVE_PID; the other messages go to stderr
  --print-token          with --print-env, also print TMDB_TOKEN, the access token itself
  -h, --help             show this help

Clients send the token as "Authorization: Bearer <token>" (or ?api_key=<token>). The demo
account for validate_with_login is created on first start; its password is in DIR/${DEMO_ACCOUNT_FILE}.
`;

class UsageError extends Error {}

/**
 * The config file's `faults`, when it has one. serve reads nothing else there, and a file it
 * cannot read leaves the server without faults, as before the setting existed (`marquee config
 * check` names its problems).
 */
async function faultsFromConfigFile(env: Env): Promise<{ text: string; origin: string } | undefined> {
  try {
    const file = await readConfigFile(env);
    return file.faults === undefined ? undefined : { text: file.faults, origin: 'faults in the config file' };
  } catch {
    return undefined;
  }
}

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
  /** The --faults spec as given (read from the config file when absent). */
  faults?: string;
  allowRemote: boolean;
  printEnv: boolean;
  printToken: boolean;
}

function parseServeArgs(args: string[], env: Env): ServeSettings | 'help' {
  const parsed = readFlags(args, {
    host: { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    token: { type: 'string' },
    'token-file': { type: 'string' },
    'catalog-size': { type: 'string' },
    seed: { type: 'string' },
    log: { type: 'boolean' },
    faults: { type: 'string' },
    'allow-remote': { type: 'boolean' },
    'print-env': { type: 'boolean' },
    'print-token': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!parsed.ok) throw new UsageError(parsed.problem);
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty');
  if (values.token !== undefined && values['token-file'] !== undefined) {
    throw new UsageError('give --token or --token-file, not both');
  }
  if (values['print-token'] && !values['print-env']) throw new UsageError('--print-token only goes with --print-env');
  const directory = resolve(values['data-dir'] ?? join(dataDir(env), 'server'));
  // An environment line holds one line: a path with a line break cannot be printed as one.
  if (values['print-env'] && /[\r\n]/.test(directory + (values['token-file'] ?? ''))) {
    throw new UsageError('--print-env: the data directory or token file path contains a line break, which an environment line cannot hold');
  }
  return {
    host: values.host ?? '127.0.0.1',
    port: integerOption('port', values.port, 0, 65535) ?? 0,
    dataDir: directory,
    token: values.token,
    tokenFile: resolve(values['token-file'] ?? join(directory, TOKEN_FILE)),
    catalogSize: integerOption('catalog-size', values['catalog-size'], MIN_CATALOG_SIZE, MAX_CATALOG_SIZE),
    seed: integerOption('seed', values.seed, 0, Number.MAX_SAFE_INTEGER),
    log: values.log ?? false,
    faults: values.faults,
    allowRemote: values['allow-remote'] ?? false,
    printEnv: values['print-env'] ?? false,
    printToken: values['print-token'] ?? false,
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

/**
 * The addresses other machines could reach us on if we listened on `host`: every address the
 * name resolves to that is not loopback, or the wildcard itself. Empty for loopback.
 */
export async function networkExposure(host: string): Promise<string[]> {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return [host];
  let addresses: string[];
  try {
    addresses = (await lookup(host.replace(/^\[(.*)\]$/, '$1'), { all: true })).map((entry) => entry.address);
  } catch {
    // Unknown names fail when listening, with their own message.
    return [];
  }
  return addresses.filter((address) => !isLoopback(address));
}

/** What a person must know before their server answers the network. */
export function exposureWarning(bound: string): string {
  return (
    `warning: listening on ${bound}, reachable from the network: anyone who can reach it can use ` +
    'the API with the access token, open the approval page (/authenticate/...) and fetch images. ' +
    'Without --host it listens on 127.0.0.1 only.'
  );
}

/** "http://0.0.0.0:8080 (every interface; from this machine http://127.0.0.1:8080)" */
function boundDescription(server: RunningServer): string {
  const bound = `http://${addressForUrl(server.bound.address)}:${server.bound.port}`;
  return bound === server.url ? bound : `${bound} (every interface; from this machine ${server.url})`;
}

/**
 * A value as a POSIX shell reads it back unchanged, for `set -a; . ./serve.env`: as it is when
 * it holds only characters no shell treats specially (so the line also stays a plain
 * `$GITHUB_ENV` line, which takes no quotes), else in single quotes, a ' as '\''. A path with
 * a space, ; $ ` or a quote is then data, never a command.
 */
function shellValue(value: string): string {
  if (/^[A-Za-z0-9_./:@%+,=-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/**
 * What a CI step needs to point a client here, as KEY=VALUE lines written at once after the
 * server listens. The token itself only when asked for (--print-token): a file path otherwise.
 */
function environmentLines(server: RunningServer, settings: ServeSettings, token: string, passwordFile: string): string {
  const lines: Array<[string, string]> = [['TMDB_BASE_URL', `${server.url}/3`], ['MARQUEE_SERVE_URL', server.url]];
  if (settings.token === undefined) lines.push(['TMDB_TOKEN_FILE', settings.tokenFile]);
  if (settings.printToken) lines.push(['TMDB_TOKEN', token]);
  lines.push(['MARQUEE_DEMO_USERNAME', server.demoAccount.username], ['MARQUEE_DEMO_PASSWORD_FILE', passwordFile], ['MARQUEE_SERVE_PID', String(process.pid)]);
  return `${lines.map(([name, value]) => `${name}=${shellValue(value)}`).join('\n')}\n`;
}

function describeStartFailure(error: unknown, settings: ServeSettings): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `cannot listen on ${settings.host}:${settings.port}: the port is already in use`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${settings.host}: no such address on this machine`;
  const syscall = (error as NodeJS.ErrnoException).syscall;
  if (code === 'EACCES' && (syscall === 'listen' || syscall === 'bind')) return `cannot listen on ${settings.host}:${settings.port}: permission denied (ports below 1024 need privileges)`;
  const disk = explainDataDirFailure(error, settings.dataDir);
  if (disk) return disk.message;
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
    // No --data-dir and no home folder to put the default one in.
    if (error instanceof ConfigFileError) {
      io.stderr.write(`marquee serve: ${terminalSafe(error.message)}; or give --data-dir\n`);
      return 2;
    }
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`marquee serve: ${terminalSafe(error.message)}\nRun "marquee serve --help" for the options.\n`);
    return 2;
  }
  let faults: FaultRule[] | undefined;
  const faultSpec = settings.faults !== undefined ? { text: settings.faults, origin: '--faults' } : await faultsFromConfigFile(io.env);
  try {
    faults = faultSpec === undefined ? undefined : parseFaultSpec(faultSpec.text);
  } catch (error) {
    if (!(error instanceof FaultSpecError)) throw error;
    io.stderr.write(`marquee serve: ${faultSpec!.origin}: ${terminalSafe(error.message)}\nRun "marquee serve --help" for the grammar.\n`);
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
    // A full or read-only disk names the token file and the fix, not a temporary file.
    const disk = explainDataDirFailure(error, settings.tokenFile);
    io.stderr.write(`marquee serve: ${terminalSafe(disk?.message ?? (error as Error).message)}\n`);
    return error instanceof CredentialsError ? 2 : 1;
  }

  const exposed = await networkExposure(settings.host);
  if (exposed.length > 0 && !settings.allowRemote) {
    io.stderr.write(
      `marquee serve: --host ${terminalSafe(settings.host)} is reachable from the network (${exposed.join(', ')}): the access token's API, ` +
        'the approval page and the images would be too. Pass --allow-remote to listen there anyway.\n',
    );
    return 2;
  }

  let server: RunningServer;
  try {
    server = await startServer({
      dataDir: settings.dataDir,
      host: settings.host,
      port: settings.port,
      token,
      catalogSize: settings.catalogSize,
      seed: settings.seed,
      faults,
      logger: settings.log,
      // With --print-env, stdout carries the environment lines only: the log goes to stderr.
      logStream: settings.printEnv ? io.stderr : undefined,
      // Without the request log, what a client asked for and we lack still gets its line.
      onUnimplemented: (line) => io.stderr.write(`marquee serve: ${line}\n`),
      // A write the disk refused is said on stderr, log or not (one line per failure).
      onDiskFailure: (line) => io.stderr.write(`marquee serve: ${terminalSafe(line)}\n`),
    });
  } catch (error) {
    io.stderr.write(`marquee serve: ${terminalSafe(describeStartFailure(error, settings))}\n`);
    return 1;
  }

  // With --print-env, stdout carries the environment lines only, so it can be appended as it is.
  const messages = settings.printEnv ? io.stderr : io.stdout;
  messages.write(`listening on ${boundDescription(server)}\n`);
  if (!isLoopback(server.bound.address)) io.stderr.write(`marquee serve: ${exposureWarning(boundDescription(server))}\n`);
  if (settings.token === undefined) {
    messages.write(`access token: in ${settings.tokenFile}${tokenCreated ? ' (new, readable only by you)' : ''}\n`);
  } else {
    messages.write('access token: the one given with --token\n');
  }
  const passwordFile = server.demoAccount.file ?? demoFile;
  messages.write(`demo account: ${server.demoAccount.username} (password in ${passwordFile}${demoExisted ? '' : ', new, readable only by you'})\n`);
  if (settings.printEnv) io.stdout.write(environmentLines(server, settings, token, passwordFile));

  await untilStopped(io.signal);
  await server.close();
  return 0;
}
