import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import * as z from 'zod';
import { IMAGE_SETTINGS } from '../terminal/picture-protocol.js';
import { COLOUR_NAMES, ConfigFileError, describeProblem, THEME_TOKENS, tokenProblem, type ConfigProblem, type ThemeToken } from './file-terms.js';

/**
 * The config file's text, parsed and checked: a YAML parser that keeps where each value stands,
 * and one schema, so every problem names its line. Loaded (with the parser and zod) only when a
 * config file exists: most starts have none, and need neither. A message never quotes a value:
 * the file may hold the token.
 */

const colour = z
  .string({ error: `must be a colour name (${COLOUR_NAMES.slice(0, 8).join(', ')}, ...) or a hex colour such as "#5fafff"` })
  .refine((text) => (COLOUR_NAMES as readonly string[]).includes(text) || /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text), {
    error: `must be a colour name (${COLOUR_NAMES.slice(0, 8).join(', ')}, ...) or a hex colour such as "#5fafff"`,
  });

const keys = z.union([z.string(), z.array(z.string()).min(1)], { error: 'must be a key ("n"), or a list of keys (["n", "down"])' });

/** A command's keys: one or several; for a command whose keys each choose something, per choice. */
const keySetting = z.union([keys, z.record(z.string(), keys)], {
  error: 'must be a key ("n"), a list of keys, or for a command with choices a key per choice ({details: d, images: i})',
});

export const configFileSchema = z.object({
  base_url: z.string({ error: 'must be a string such as "https://api.themoviedb.org"' }).optional(),
  token: z
    .string({ error: 'must be a string' })
    .refine((token) => tokenProblem(token) === undefined, { error: (issue) => tokenProblem(issue.input as string) })
    .optional(),
  timeout_ms: z.number({ error: 'must be a positive number' }).positive({ error: 'must be a positive number' }).optional(),
  /** Faults `marquee serve` injects when no --faults is given (server/faults.ts has the grammar). */
  faults: z.string({ error: 'must be a string such as "503=10%, latency=50..200ms"' }).optional(),
  /** Content language, e.g. "de-DE" (checked when settings are resolved: an unknown code is a warning). */
  language: z.string({ error: 'must be a string such as "de-DE"' }).optional(),
  /** Region, e.g. "DE". */
  region: z.string({ error: 'must be a string such as "DE"' }).optional(),
  /** Keys per command of the keymap; the keymap's own keys for every command not named. */
  keys: z.record(z.string(), keySetting, { error: 'must be a mapping of commands to keys, such as {list.down: n}' }).optional(),
  /** Colours per semantic token. */
  theme: z
    .object(Object.fromEntries(THEME_TOKENS.map((token) => [token, colour.optional()])) as Record<ThemeToken, z.ZodOptional<typeof colour>>, {
      error: 'must be a mapping of colour tokens to colours, such as {accent: magenta}',
    })
    .optional(),
  /** The preview pane beside lists at 120 columns and wider (toggled with its key while running). */
  preview: z.boolean({ error: 'must be true or false' }).optional(),
  /** How posters and stills are drawn: auto (what the terminal speaks, when Marquee draws it), a protocol by name, blocks, or off. */
  images: z.enum(IMAGE_SETTINGS, { error: `must be one of ${IMAGE_SETTINGS.join(', ')}` }).optional(),
  /** Pixels of one terminal cell, "10x20": sixel pictures are drawn in pixels, and the terminal is not asked its cell size. */
  sixel_cell: z
    .string({ error: 'must be a cell size in pixels such as "10x20"' })
    .regex(/^([1-9]\d{0,2})x([1-9]\d{0,2})$/, { error: 'must be a cell size in pixels such as "10x20"' })
    .optional(),
  /** Clicks and the mouse wheel in the TUI; off unless set, so the terminal's own selection works. */
  mouse: z.boolean({ error: 'must be true or false' }).optional(),
});

export type ConfigFile = z.infer<typeof configFileSchema>;

const KNOWN_SETTINGS = Object.keys(configFileSchema.shape);

export interface CheckedConfig {
  readonly config: ConfigFile;
  readonly warnings: readonly ConfigProblem[];
  readonly lineOf: (path: readonly (string | number)[]) => number | undefined;
}

/** "line 3 column 12" from a JSON.parse message, when it says; never the text around it (a token). */
function jsonErrorPlace(error: unknown): string {
  const place = /\(line \d+ column \d+\)/.exec(error instanceof Error ? error.message : '');
  return place ? ` ${place[0]}` : '';
}

const settingName = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * Parses the text of the config file at `path` and checks it. Throws ConfigFileError, naming the
 * file and the line, when it is not YAML or JSON, or a setting has the wrong type.
 */
export function checkConfigText(path: string, text: string): CheckedConfig {
  const { data, lineOf } = path.endsWith('.json') ? parseJson(path, text) : parseYaml(path, text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigFileError(
      path.endsWith('.json') ? `${path} must hold a JSON object such as {"token": "..."}` : `${path} must hold settings such as "language: de-DE", one per line`,
    );
  }
  const checked = configFileSchema.safeParse(data);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new ConfigFileError(describeProblem(path, { setting: settingName(issue.path), message: issue.message, line: lineOf(issue.path as (string | number)[]) }));
  }
  const warnings = Object.keys(data)
    .filter((key) => !KNOWN_SETTINGS.includes(key))
    .map((key) => ({ setting: key, message: `is not a setting Marquee knows (${KNOWN_SETTINGS.join(', ')}); it is ignored`, line: lineOf([key]) }));
  return { config: checked.data, warnings, lineOf };
}

function parseJson(path: string, text: string) {
  try {
    return { data: JSON.parse(text) as unknown, lineOf: () => undefined };
  } catch (error) {
    // The parser's own message quotes the text near the error, which may be the token.
    throw new ConfigFileError(`${path} is not valid JSON${jsonErrorPlace(error)}: fix it or remove it`);
  }
}

function parseYaml(path: string, text: string) {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const error = document.errors[0];
  if (error) {
    // Only the place and the kind of fault: the parser's message may quote the text (a token).
    const line = error.linePos?.[0]?.line ?? lines.linePos(error.pos[0]).line;
    throw new ConfigFileError(`${path} line ${line} is not valid YAML (${error.code.toLowerCase().replaceAll('_', ' ')}): fix it or remove it`);
  }
  const lineOf = (keys: readonly (string | number)[]): number | undefined => {
    // The deepest node the path reaches: a wrong value's own line, else its setting's.
    for (let depth = keys.length; depth > 0; depth--) {
      const node = document.getIn(keys.slice(0, depth), true) as YamlNode | undefined;
      const start = node?.range?.[0] ?? keyRange(document.contents, keys.slice(0, depth));
      if (start !== undefined) return lines.linePos(start).line;
    }
    return undefined;
  };
  return { data: document.toJS() as unknown, lineOf };
}

/** Where the key of a setting stands (for a setting with no value, whose node has no range). */
function keyRange(contents: unknown, keys: readonly (string | number)[]): number | undefined {
  let node = contents;
  for (const [index, key] of keys.entries()) {
    if (!isMap(node)) return undefined;
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
    if (!pair) return undefined;
    if (index === keys.length - 1) return isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    node = pair.value;
  }
  return undefined;
}
