#!/usr/bin/env -S node --max-semi-space-size=8 --max-old-space-size=512
/**
 * Entry point: picks a mode from argv and loads only that mode's code, so `marquee api` and
 * `marquee serve` don't pay for Ink, and the TUI draws its first frame before the embedded
 * server (fastify, SQLite) has loaded.
 *
 * The flags on the first line are the main thread's V8 limits, set from the memory budget
 * (commands/memory-budget.ts, where the measurements behind them are; `npm start` passes the
 * same): a young generation of 8 MiB a semi-space and an old one of 512 MiB. V8 sizes its heap
 * once, as Node starts, so they cannot be set later from here (v8.setFlagsFromString changes
 * no limit), and `node dist/marquee.js` without them runs with V8's defaults.
 */
import * as nodeModule from 'node:module';
import { unsupportedNodeReason } from './node-support.js';
import { colourLevel } from './terminal/colour-level.js';
import { VERSION } from './version.js';

const USAGE = `marquee ${VERSION}: browse films and TV, rate episodes and keep lists, in the terminal.

Usage:
  marquee [--base-url URL] [--no-color]      open the TUI (the embedded catalog when no base URL is set)
  marquee api <path> [-X METHOD] [-f key=value]... [--data JSON] [--base-url URL]
                                             call one operation and print its JSON answer
  marquee serve [--host H] [--port N] [--data-dir DIR] [--token-file F] [--catalog-size N]
                                             run the embedded reference server alone
  marquee export [--format json] [--out FILE] write the account's ratings, watchlist, favourites and lists
  marquee import FILE [--from SOURCE] [--dry-run] [--report FILE]
                                             import ratings, watchlist and lists (IMDb, Letterboxd, Trakt, Marquee)
  marquee doctor [--base-url URL]            check Node.js, the terminal, folders, token, service and catalog
  marquee config path | check | keys         where the config file is; check it (by line); list the commands' keys
  marquee completion bash|zsh|fish           print a shell completion script

Settings: MARQUEE_BASE_URL, MARQUEE_TOKEN, MARQUEE_TIMEOUT_MS, MARQUEE_DATA_DIR, MARQUEE_LANGUAGE,
MARQUEE_REGION, NO_COLOR, and $XDG_CONFIG_HOME/marquee/config.yaml (or config.json): base_url,
token, timeout_ms, language, region, keys and theme (see marquee config --help).
Run "marquee api --help", "marquee serve --help", "marquee export --help", "marquee import --help" or "marquee doctor --help" for more.`;

// V8 keeps the compiled code of the bundle's chunks on disk (Node's own cache directory, or
// NODE_COMPILE_CACHE), so a start after the first parses and compiles none of it again. Before
// any chunk of a mode is imported. Read off the namespace: on a Node.js without it (20, which
// this entry still has to tell it is unsupported) a named import would not even load.
nodeModule.enableCompileCache?.();

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  // A reader that stops early ("marquee config keys | head") closes the pipe: stop quietly, as
  // other command-line tools do, instead of a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  const unsupported = unsupportedNodeReason(process.version);
  // doctor reports an unsupported Node.js itself, among its other checks.
  if (unsupported && first !== '--version' && first !== '-V' && first !== '--help' && first !== '-h' && first !== 'doctor') {
    process.stderr.write(`${unsupported}\n`);
    return 1;
  }
  if (first === 'api') return (await import('./commands/api.js')).runApiCommand(rest);
  if (first === 'serve') return (await import('./commands/serve.js')).runServeCommand(rest);
  if (first === 'export') return (await import('./commands/export.js')).runExportCommand(rest);
  if (first === 'import') return (await import('./commands/import.js')).runImportCommand(rest);
  if (first === 'config') return (await import('./commands/config.js')).runConfigCommand(rest);
  if (first === 'completion') return (await import('./commands/completion.js')).runCompletionCommand(rest);
  if (first === 'doctor') {
    return (await import('./commands/doctor.js')).runDoctorCommand(rest, { serverWorker: new URL('./embedded-server.js', import.meta.url) });
  }
  if (first === '--version' || first === '-V') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (first !== undefined && !first.startsWith('-')) {
    process.stderr.write(`marquee: unknown command "${first}" (expected api, serve, export, import, doctor, config or completion; see marquee --help)\n`);
    return 2;
  }
  // Ink reads colour support when first imported (and ignores NO_COLOR on its own): it is told
  // the level decided here, the one `marquee doctor` reports.
  process.env.FORCE_COLOR = String(colourLevel(process.env, { isTTY: process.stdout.isTTY === true, noColor: argv.includes('--no-color') }));
  // Beside this file in the bundle: the embedded server's thread.
  return (await import('./commands/tui.js')).runTuiCommand(argv, { serverWorker: new URL('./embedded-server.js', import.meta.url) });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`marquee: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
