import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, configFileWarnings, ConfigFileError, type Env } from '../config/settings.js';
import { CONFIG_FILE_NAMES, findConfigFile, readConfig } from '../config/file.js';
import { describeProblem, type ConfigProblem } from '../config/file-terms.js';
import { oneLine } from '../contract/index.js';
import { parseContentLanguage, parseRegionCode } from '../contract/locale.js';
import { rebindKeymap } from '../ui/key-bindings.js';
import { KEYMAP, keyLabel, withKeysNamed } from '../ui/keymap.js';
import { readFlags } from './flags.js';

/**
 * `marquee config path`: the config file Marquee reads. `marquee config check`: reads it as a
 * run would and says, by line, everything a run would refuse or ignore (a wrong type, a setting
 * it does not know, an unknown language, a key it cannot read, two commands on one key). Exit 0
 * when the file is fine (or there is none), 1 when it has problems, 2 for a wrong command line.
 * `marquee config keys`: the commands `keys:` can name, with the keys in use.
 */

const USAGE = `Usage: marquee config path | check | keys

  path    print the config file Marquee reads ($XDG_CONFIG_HOME/marquee/config.yaml, config.yml
          or config.json, the first that exists), or where one would be read
  check   check the config file as a run reads it; each problem is named with its line
  keys    list every command with its keys (yours, where the file sets some) and what it does
  -h, --help  print this help

The file's settings: base_url, token, timeout_ms, language, region, keys, theme, preview, images
and mouse, e.g.

  language: de-DE
  mouse: true                          # clicks and the wheel in the TUI (off by default)
  keys:
    list.down: n                       # a command's keys: one, or a list [n, down]
    movie.view: {images: I}            # a command with choices: a key per choice
  theme:
    accent: magenta                    # accent, muted, danger, warning, success, selection:
    selection: "#5fafff"               # a colour name or a hex colour`;

/** Where the command writes, and the environment it reads (tests give their own). */
export interface ConfigCommandIo {
  readonly env?: Env;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
}

export async function runConfigCommand(argv: readonly string[], io: ConfigCommandIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const parsed = readFlags(argv, { help: { type: 'boolean', short: 'h' } }, { positionals: true });
  if (!parsed.ok) {
    stderr.write(`marquee config: ${parsed.problem} (see marquee config --help)\n`);
    return 2;
  }
  if (parsed.values.help) {
    stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [action, ...rest] = parsed.positionals;
  if ((action !== 'path' && action !== 'check' && action !== 'keys') || rest.length > 0) {
    stderr.write(`marquee config: expected "path", "check" or "keys", and nothing after it\n${USAGE}\n`);
    return 2;
  }
  let dir: string;
  try {
    dir = configDir(env);
  } catch (error) {
    // No home folder to look in (HOME empty or relative).
    if (!(error instanceof ConfigFileError)) throw error;
    stderr.write(`marquee config: ${error.message}\n`);
    return 1;
  }
  const path = findConfigFile(dir);
  if (action === 'path') {
    // The folder is made here, private (0700), before anyone writes a file into it with an
    // editor: one the editor made would be readable by others (doctor warns about it), and
    // the config file may hold the token.
    if (!path && !existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
    stdout.write(path ? `${path}\n` : `${join(dir, CONFIG_FILE_NAMES[0])} (no config file yet: the first of ${CONFIG_FILE_NAMES.join(', ')} there is read)\n`);
    return 0;
  }
  if (action === 'keys') return listKeys(dir, stdout, stderr);
  if (!path) {
    stdout.write(`No config file: Marquee reads the first of ${CONFIG_FILE_NAMES.join(', ')} in ${dir}, and runs on its defaults without one.\n`);
    return 0;
  }
  const problems = await checkConfig(dir);
  const notes = configFileWarnings(path);
  // A problem names what the file holds (a setting Marquee does not know, a key): text that
  // should not command the terminal.
  for (const note of notes) stdout.write(`warning: ${oneLine(note)}\n`);
  if (problems.length === 0) {
    stdout.write(`${path}: fine${notes.length > 0 ? ' (but see the warning above)' : ''}\n`);
    return 0;
  }
  for (const problem of problems) stdout.write(`${oneLine(problem)}\n`);
  stdout.write(`${problems.length} problem${problems.length === 1 ? '' : 's'}: a run ${problems.length === 1 ? 'ignores that setting' : 'ignores those settings'} (or, for a wrong type or a file it cannot read, does not start).\n`);
  return 1;
}

/** Every problem of the config file in `dir`, as a run would meet them, each with its line. */
export async function checkConfig(dir: string): Promise<string[]> {
  let read;
  try {
    read = await readConfig(dir);
  } catch (error) {
    if (error instanceof ConfigFileError) return [error.message];
    throw error;
  }
  const { config, lineOf } = read;
  const path = read.path!;
  const problems: ConfigProblem[] = [...read.warnings];
  for (const [setting, parse] of [['language', parseContentLanguage], ['region', parseRegionCode]] as const) {
    const text = config[setting];
    if (text === undefined) continue;
    const outcome = parse(text);
    if (!outcome.ok) problems.push({ setting, message: `is not used: ${outcome.problem}`, line: lineOf([setting]) });
  }
  for (const problem of rebindKeymap(KEYMAP, config.keys ?? {}).problems) {
    const at = ['keys', ...problem.path];
    problems.push({ setting: at.join('.'), message: problem.message, line: lineOf(at) });
  }
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).map((problem) => describeProblem(path, problem));
}

/** The keymap as a run would use it: each command's name (what `keys:` takes), keys, place and purpose. */
async function listKeys(dir: string, stdout: NonNullable<ConfigCommandIo['stdout']>, stderr: NonNullable<ConfigCommandIo['stderr']>): Promise<number> {
  let settings = {};
  try {
    settings = (await readConfig(dir)).config.keys ?? {};
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    stderr.write(`${oneLine(error.message)}\n(the keys below are the default ones)\n`);
  }
  const { keymap } = rebindKeymap(KEYMAP, settings);
  const rows = withKeysNamed(keymap).map((binding) => [binding.command, keyLabel(binding), binding.scope, binding.description] as const);
  const width = (column: 0 | 1 | 2) => Math.max(...rows.map((row) => row[column].length));
  const [command, keys, scope] = [width(0), width(1), width(2)];
  stdout.write(`${'command'.padEnd(command)}  ${'keys'.padEnd(keys)}  ${'where'.padEnd(scope)}  what\n`);
  for (const row of rows) stdout.write(`${row[0].padEnd(command)}  ${row[1].padEnd(keys)}  ${row[2].padEnd(scope)}  ${row[3]}\n`);
  return 0;
}
