import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CatalogClient, NetworkError, ServiceError } from '../api/index.js';
import {
  ConfigFileError, configDir, configFilePath, dataDir, resolveSettings, type Env, type Settings,
} from '../config/settings.js';
import { oneLine } from '../contract/index.js';
import { sessionFilePath } from '../storage/index.js';
import { MINIMUM_NODE, unsupportedNodeReason } from '../node-support.js';
import { DEMO_ACCOUNT_FILE, TOKEN_FILE } from '../server/credentials.js';
import { MIN_COLUMNS, MIN_ROWS } from '../state/slices/terminal.js';
import { COLOUR_LEVEL_NAMES, colourLevel } from '../terminal/colour-level.js';
import { choosePictureProtocol, installedKittyVersion, parseSixelCell } from '../terminal/picture-protocol.js';
import { VERSION } from '../version.js';
import { startEmbeddedServer } from './embedded-server.js';
import { readFlags } from './flags.js';

/**
 * `marquee doctor`: checks what usually stands between a user and a working Marquee, and says
 * what to do about each problem. Exit 0 when nothing failed (warnings are things to know, such
 * as running it through a pipe), 1 otherwise. Secrets are never printed: the token check says
 * where the token came from and whether the service accepted it.
 */

export type Status = 'ok' | 'warn' | 'fail';

export interface Check {
  name: string;
  status: Status;
  detail: string;
  /** What to do about it, for a warning or a failure. */
  fix?: string;
}

interface Output {
  write(text: string): unknown;
}

/** What doctor knows of the terminal it runs in (process.stdout's, unless a test gives one). */
export interface TerminalInfo {
  isTTY: boolean;
  columns?: number;
  rows?: number;
  /** Bits per colour as Node's tty.getColorDepth() says: 1, 4, 8 or 24 (what the picture check goes by). */
  colorDepth?: number;
}

export interface DoctorIo {
  env?: Env;
  stdout?: Output;
  stderr?: Output;
  terminal?: TerminalInfo;
  nodeVersion?: string;
  /** The embedded server's worker script (the bundle's); in-process without one, as the TUI does. */
  serverWorker?: URL;
  /** Timeout of each request to the service (default: the settings' timeout). */
  timeoutMs?: number;
}

const USAGE = `Usage: marquee doctor [--base-url URL]

Checks Node.js, the terminal (size, colours, Unicode), the config and data folders (writable,
private), the access token (set, and accepted by the service), whether the service answers and
how fast, and whether the embedded catalog opens. Each problem comes with what to do.

  --base-url URL   check this service instead of the configured one (MARQUEE_BASE_URL, config file)
  -h, --help       this help

Exit codes: 0 nothing failed (warnings allowed), 1 a check failed, 2 usage.
`;

function checkNode(version: string): Check {
  const reason = unsupportedNodeReason(version);
  const needed = `${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or newer`;
  if (reason) return { name: 'Node.js', status: 'fail', detail: `${version} (${needed} needed)`, fix: 'install Node.js 22, 24 or 26' };
  return { name: 'Node.js', status: 'ok', detail: `${version.replace(/^v/, '')} (${needed} needed)` };
}

function checkTerminal(terminal: TerminalInfo): Check {
  if (!terminal.isTTY) {
    return {
      name: 'terminal',
      status: 'warn',
      detail: 'output is not a terminal, so its size and colours are unknown',
      fix: 'run marquee doctor in the terminal you use for marquee (marquee api works without one)',
    };
  }
  const columns = terminal.columns ?? 0;
  const rows = terminal.rows ?? 0;
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return {
      name: 'terminal',
      status: 'fail',
      detail: `${columns}x${rows}, smaller than the ${MIN_COLUMNS}x${MIN_ROWS} the TUI needs`,
      fix: 'enlarge the window or use a smaller font',
    };
  }
  return { name: 'terminal', status: 'ok', detail: `${columns}x${rows} (${MIN_COLUMNS}x${MIN_ROWS} needed)` };
}

/** The colours the TUI will draw with in this terminal: the TUI's own decision (colourLevel), not Node's guess. */
function checkColours(terminal: TerminalInfo, env: Env): Check {
  if ((env.NO_COLOR ?? '') !== '') return { name: 'colours', status: 'ok', detail: 'off (NO_COLOR is set): the selection is marked with ›' };
  if (!terminal.isTTY) return { name: 'colours', status: 'ok', detail: 'unknown (not a terminal)' };
  const level = colourLevel(env, { isTTY: true });
  if (level === 3) return { name: 'colours', status: 'ok', detail: COLOUR_LEVEL_NAMES[3] };
  if (level === 2) {
    // tmux draws true colour only when told the terminal outside has it.
    const inTmux = (env.TMUX ?? '') !== '';
    return { name: 'colours', status: 'ok', detail: `${COLOUR_LEVEL_NAMES[2]}${inTmux ? ' (in tmux: where tmux is set up for true colour, export COLORTERM=truecolor there)' : ''}` };
  }
  if (level === 1) return { name: 'colours', status: 'ok', detail: COLOUR_LEVEL_NAMES[1] };
  return {
    name: 'colours',
    status: 'warn',
    detail: `none (TERM=${env.TERM ?? 'unset'})`,
    fix: 'set TERM to your terminal\'s type, e.g. TERM=xterm-256color, or use --no-color',
  };
}

/** The TUI draws frames and marks (›, ✓, …) in Unicode; a non-UTF-8 locale shows them garbled. */
function checkUnicode(env: Env): Check {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  if (/utf-?8/i.test(locale)) return { name: 'Unicode', status: 'ok', detail: `UTF-8 locale (${locale})` };
  return {
    name: 'Unicode',
    status: 'warn',
    detail: locale ? `locale ${locale} is not UTF-8` : 'no locale set (LANG, LC_ALL, LC_CTYPE)',
    fix: 'use a UTF-8 locale, e.g. export LANG=C.UTF-8, so frames and marks draw right',
  };
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

/** A folder Marquee writes: writable, private (0700), and its secret files 0600. */
function checkFolder(name: string, dir: string, secretFiles: string[]): Check {
  if (!existsSync(dir)) {
    let parent = dirname(dir);
    while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
    try {
      accessSync(parent, constants.W_OK);
      return { name, status: 'ok', detail: `${dir}: not there yet; created (0700) when needed` };
    } catch {
      return { name, status: 'fail', detail: `${dir} cannot be created: ${parent} is not writable`, fix: `create ${dir} yourself (mkdir -p -m 700)` };
    }
  }
  const stat = statSync(dir);
  if (!stat.isDirectory()) return { name, status: 'fail', detail: `${dir} is not a folder`, fix: `move ${dir} away` };
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    return { name, status: 'fail', detail: `${dir} is not writable by you`, fix: `chown $USER ${dir} && chmod 700 ${dir}` };
  }
  const exposed = secretFiles.filter((file) => existsSync(file) && (statSync(file).mode & 0o077) !== 0);
  if (exposed.length > 0) {
    return {
      name,
      status: 'fail',
      detail: `${exposed.map((file) => `${file} (${octal(statSync(file).mode)})`).join(', ')}: secrets readable by others`,
      fix: `chmod 600 ${exposed.join(' ')}`,
    };
  }
  if ((stat.mode & 0o077) !== 0) {
    return { name, status: 'warn', detail: `${dir} is ${octal(stat.mode)}: others can list it`, fix: `chmod 700 ${dir}` };
  }
  return { name, status: 'ok', detail: `${dir} (writable, 0700)` };
}

const HOME_FIX = 'set HOME to your home folder (an absolute path), or the XDG_* variable named to an absolute path';

/** A folder's check, or its failure when there is no home folder to keep files in (HOME empty or relative). */
function folderCheck(name: string, check: () => Check): Check {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    return { name, status: 'fail', detail: error.message, fix: HOME_FIX };
  }
}

/** Milliseconds, rounded, for people. */
const ms = (start: number) => `${Math.max(1, Math.round(performance.now() - start))} ms`;

/** Token and reachability of the configured service, from one request to /3/authentication. */
async function checkService(settings: Settings & { baseUrl: string }, timeoutMs: number): Promise<Check[]> {
  const tokenCheck = (status: Status, detail: string, fix?: string): Check => ({ name: 'token', status, detail, fix });
  const noToken = `set MARQUEE_TOKEN or add "token" to ${settings.configFile} (chmod 600)`;
  const client = new CatalogClient({ baseUrl: settings.baseUrl, token: settings.token ?? '', timeoutMs, cache: false, retry: { maxRetries: 0 } });
  const start = performance.now();
  try {
    await client.call('validateKey');
    return [
      tokenCheck('ok', `from the ${settings.tokenSource}, accepted by the service`),
      { name: 'service', status: 'ok', detail: `${settings.baseUrl} answered in ${ms(start)}` },
    ];
  } catch (error) {
    if (error instanceof ServiceError) {
      const answered: Check = { name: 'service', status: 'ok', detail: `${settings.baseUrl} answered in ${ms(start)} (HTTP ${error.httpStatus})` };
      if (!settings.token) return [tokenCheck('fail', 'not set', noToken), answered];
      if (error.isAuthProblem) {
        return [tokenCheck('fail', `from the ${settings.tokenSource}, refused: ${error.statusMessage}`, `check the token; ${noToken}`), answered];
      }
      return [
        tokenCheck('warn', `from the ${settings.tokenSource}, not checked: the service answered HTTP ${error.httpStatus}`),
        { ...answered, status: 'fail', fix: 'the service has a problem; try again later' },
      ];
    }
    const reason = error instanceof NetworkError ? error.message.replace(/^E3 GET \/3\/authentication: /, '') : String(error);
    return [
      tokenCheck(settings.token ? 'warn' : 'fail', settings.token ? `from the ${settings.tokenSource}, not checked: no answer` : 'not set', settings.token ? undefined : noToken),
      {
        name: 'service',
        status: 'fail',
        detail: `${settings.baseUrl}: ${reason}`,
        fix: 'check the address (--base-url, MARQUEE_BASE_URL or "base_url" in the config file) and the network',
      },
    ];
  } finally {
    await client.close();
  }
}

/** Opens the embedded catalog as the TUI does and asks it one question. */
async function checkCatalog(
  settings: Settings,
  serverWorker: URL | undefined,
  timeoutMs: number,
  isService: boolean,
  nodeSupported: boolean,
): Promise<Check[]> {
  const start = performance.now();
  let server;
  try {
    server = await startEmbeddedServer(settings.dataDir, serverWorker);
  } catch (error) {
    return [
      {
        name: 'catalog',
        status: 'fail',
        detail: `the embedded catalog did not open: ${error instanceof Error ? error.message : String(error)}`,
        // Before Node.js 22.13 the catalog's database (node:sqlite) is not there at all.
        fix: nodeSupported
          ? `check that ${join(settings.dataDir, 'server')} is writable and has free space`
          : 'install Node.js 22, 24 or 26',
      },
    ];
  }
  const opened = ms(start);
  const client = new CatalogClient({ baseUrl: server.url, token: server.token, timeoutMs, cache: false, retry: { maxRetries: 0 } });
  try {
    const asked = performance.now();
    await client.call('validateKey');
    const checks: Check[] = [{ name: 'catalog', status: 'ok', detail: `the embedded catalog opened in ${opened}` }];
    if (isService) checks.push({ name: 'service', status: 'ok', detail: `the embedded catalog (no base URL set) answered in ${ms(asked)}` });
    return checks;
  } catch (error) {
    return [{ name: 'catalog', status: 'fail', detail: `the embedded catalog opened but did not answer: ${(error as Error).message}` }];
  } finally {
    await client.close();
    await server.close();
  }
}

export async function runChecks(baseUrlFlag: string | undefined, io: DoctorIo): Promise<Check[]> {
  const env = io.env ?? process.env;
  const terminal = io.terminal ?? {
    isTTY: process.stdout.isTTY === true,
    columns: process.stdout.columns,
    rows: process.stdout.rows,
    colorDepth: process.stdout.isTTY ? process.stdout.getColorDepth(env) : undefined,
  };
  const node = checkNode(io.nodeVersion ?? process.version);
  const checks: Check[] = [
    node,
    checkTerminal(terminal),
    checkColours(terminal, env),
    checkUnicode(env),
    folderCheck('config folder', () => checkFolder('config folder', configDir(env), [configFilePath(env)])),
    folderCheck('data folder', () =>
      checkFolder('data folder', dataDir(env), [
        sessionFilePath(dataDir(env)),
        join(dataDir(env), 'server', TOKEN_FILE),
        join(dataDir(env), 'server', DEMO_ACCOUNT_FILE),
      ])),
  ];
  let settings: Settings;
  try {
    settings = await resolveSettings({ baseUrl: baseUrlFlag }, env);
    checks.push({ name: 'settings', status: 'ok', detail: existsSync(settings.configFile) ? `${settings.configFile} read` : 'no config file (environment and defaults)' });
    const pictures = choosePictureProtocol({
      setting: settings.config.config.images,
      env,
      color: (env.NO_COLOR ?? '') === '',
      colorDepth: terminal.colorDepth,
      kittyVersion: installedKittyVersion(env),
      sixelCell: parseSixelCell(settings.config.config.sixel_cell),
    });
    checks.push({ name: 'pictures', status: 'ok', detail: pictures.reason });
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    const fix = checks.some((check) => check.fix === HOME_FIX) ? HOME_FIX : `fix ${configFilePath(env)} or the MARQUEE_* variables`;
    checks.push({ name: 'settings', status: 'fail', detail: error.message, fix });
    return checks;
  }
  const timeoutMs = io.timeoutMs ?? settings.timeoutMs;
  if (settings.baseUrl) {
    checks.push(...(await checkService({ ...settings, baseUrl: settings.baseUrl }, timeoutMs)));
  } else {
    checks.push({ name: 'token', status: 'ok', detail: 'not needed: no base URL is set, so the embedded catalog answers' });
  }
  checks.push(...(await checkCatalog(settings, io.serverWorker, timeoutMs, !settings.baseUrl, node.status === 'ok')));
  return checks;
}

/** Breaks text at spaces so each line fits `width` after `indent` spaces (a long word stays whole). */
function wrap(text: string, indent: number, width: number | undefined): string {
  if (!width || width - indent < 20) return text;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** One line a check (its fix below it), wrapped to `width` columns when given. */
export function formatChecks(checks: Check[], width?: number): string {
  const nameWidth = Math.max(...checks.map((c) => c.name.length));
  const indent = nameWidth + 8;
  const lines = checks.map((check) => {
    // A detail may quote the service (a refused token's message) or a path: neither may command
    // the terminal, nor break the line.
    const line = `${check.status.padEnd(4)}  ${check.name.padEnd(nameWidth)}  ${wrap(oneLine(check.detail), indent, width)}`;
    return check.fix ? `${line}\n${' '.repeat(indent)}${wrap(`fix: ${oneLine(check.fix)}`, indent, width)}` : line;
  });
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  const summary =
    failed > 0
      ? `${failed} ${failed === 1 ? 'check' : 'checks'} failed: see the fix lines above.`
      : warned > 0
        ? `Nothing failed (${warned} ${warned === 1 ? 'warning' : 'warnings'}).`
        : 'All is well.';
  return `marquee ${VERSION} doctor\n${lines.join('\n')}\n${summary}\n`;
}

export async function runDoctorCommand(args: string[], io: DoctorIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const parsed = readFlags(args, { 'base-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (!parsed.ok) {
    stderr.write(`marquee doctor: ${parsed.problem}\nRun "marquee doctor --help" for the options.\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    stdout.write(USAGE);
    return 0;
  }
  const checks = await runChecks(values['base-url'], io);
  const terminal = io.terminal ?? { isTTY: process.stdout.isTTY === true, columns: process.stdout.columns };
  stdout.write(formatChecks(checks, terminal.isTTY ? terminal.columns : undefined));
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}
