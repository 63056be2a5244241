import { ConfigFileError, resolveSettings, type Settings } from '../config/settings.js';
import { oneLine } from '../contract/text.js';
import { startEmbeddedServer } from './embedded-server.js';
import { readFlags } from './flags.js';

/**
 * `marquee`: the TUI. Reads its flags and settings, sets the embedded catalog going on its own
 * thread (when no base URL is set) and only then loads the UI (Ink, React, the screens: tui-app),
 * so the server's start-up runs on the second core while the UI's code loads and draws its
 * first frame, instead of after it.
 */

const USAGE = `Usage: marquee [--base-url URL] [--data-dir DIR] [--no-color]

Opens the TUI. Without a base URL (flag, MARQUEE_BASE_URL or the config file) it runs on the
embedded catalog; with one, it needs an access token in MARQUEE_TOKEN or the config file.
Press ? inside for the keys. For scripts and pipes, use "marquee api <path>".`;

interface TuiFlags {
  baseUrl?: string;
  dataDir?: string;
  noColor: boolean;
  help: boolean;
}

function parseFlags(argv: string[]): TuiFlags {
  const parsed = readFlags(argv, {
    'base-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'no-color': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) throw new Error(parsed.problem);
  const { values } = parsed;
  return {
    baseUrl: values['base-url'],
    dataDir: values['data-dir'],
    noColor: values['no-color'] ?? false,
    help: values.help ?? false,
  };
}

/** Only a real terminal on both ends will do: piped stdin has isRawModeSupported undefined, not false. */
function isInteractive(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true && typeof process.stdin.setRawMode === 'function';
}

export interface TuiCommandOptions {
  /** The built worker script that runs the embedded server on its own thread. */
  serverWorker?: URL;
}

export async function runTuiCommand(argv: string[], options: TuiCommandOptions = {}): Promise<number> {
  let flags: TuiFlags;
  let settings: Settings;
  try {
    flags = parseFlags(argv);
    if (flags.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    settings = await resolveSettings({ baseUrl: flags.baseUrl });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A setting's problem may quote it (a base URL from the config file): nothing in it may command the terminal.
    process.stderr.write(`marquee: ${oneLine(message)}${error instanceof ConfigFileError ? '' : ' (see marquee --help)'}\n`);
    return 2;
  }
  if (!isInteractive()) {
    process.stderr.write('marquee: the TUI needs an interactive terminal; for scripts and pipes use "marquee api <path>" (see marquee api --help)\n');
    return 2;
  }

  const dataDir = flags.dataDir ?? settings.dataDir;
  const color = !flags.noColor && (process.env.NO_COLOR ?? '') === '';
  // The embedded catalog starts now, on its own thread, while the UI loads and draws.
  const serverStart = settings.baseUrl ? undefined : startEmbeddedServer(dataDir, options.serverWorker);
  serverStart?.catch(() => undefined);
  return (await import('./tui-app.js')).runTuiApp({ settings, dataDir, color, serverWorker: options.serverWorker, serverStart });
}
