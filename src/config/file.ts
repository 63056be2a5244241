import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigFile } from './file-check.js';
import { readUserFile, UserFileError } from '../storage/user-file.js';
import { ConfigFileError, type ConfigProblem } from './file-terms.js';

/**
 * The config file, as the user writes it: `config.yaml` (or `config.yml`), or the older
 * `config.json`, in $XDG_CONFIG_HOME/marquee. Parsed and checked by file-check.ts, loaded
 * only when there is a file, so that every problem names its line. A message never quotes a
 * value: the file may hold the token.
 */

/** The names the file may have, the first that exists being the one read. */
export const CONFIG_FILE_NAMES = ['config.yaml', 'config.yml', 'config.json'] as const;

export interface ReadConfig {
  /** The file read; undefined when there is none. */
  readonly path: string | undefined;
  readonly config: ConfigFile;
  /** What does not stop a run: settings the file names that Marquee does not know. */
  readonly warnings: readonly ConfigProblem[];
  /** The line of a setting (its path of keys), when the file says. */
  readonly lineOf: (path: readonly (string | number)[]) => number | undefined;
}

/** The config file to read in `dir`: the first of CONFIG_FILE_NAMES that exists. */
export function findConfigFile(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
}

/**
 * Reads and checks the config file in `dir`. Rejects with ConfigFileError, naming the file and
 * the line, when it cannot be read, is not YAML or JSON, or a setting has the wrong type.
 */
export async function readConfig(dir: string): Promise<ReadConfig> {
  const path = findConfigFile(dir);
  if (path === undefined) return { path, config: {}, warnings: [], lineOf: () => undefined };
  let text: string;
  try {
    text = readUserFile(path);
  } catch (error) {
    // A FIFO (which would hang the read), a device, a folder, or a file far too large.
    if (error instanceof UserFileError) throw new ConfigFileError(`${error.message}: make it a file, or remove it`);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigFileError(`cannot read ${path} (${code}): make it a file readable by you (chmod 600 ${path}), or remove it`);
  }
  const { checkConfigText } = await import('./file-check.js');
  return { path, ...checkConfigText(path, text) };
}
