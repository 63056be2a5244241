/**
 * What the config file's reading and its checking both speak of: the error a bad file raises, a
 * problem at a line and how it is told, and the names a colour setting may use. Apart from both,
 * so the checker (loaded only when there is a file) and the reader import it, not each other.
 */

export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError';
}

/** Colours Ink draws by name; a '#rrggbb' or '#rgb' hex colour works everywhere else. */
export const COLOUR_NAMES = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray', 'grey',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

/** The theme's semantic tokens a user may colour (see ui/theme.tsx). */
export const THEME_TOKENS = ['accent', 'muted', 'danger', 'warning', 'success', 'selection'] as const;
export type ThemeToken = (typeof THEME_TOKENS)[number];

/** One thing wrong or doubtful in the file, at its line when the file says where. */
export interface ConfigProblem {
  /** "keys.list.down": where in the file, as the user wrote it. */
  readonly setting: string;
  readonly message: string;
  readonly line?: number;
}

/**
 * What is wrong with an access token that cannot be sent in an Authorization header (a line
 * break or a space picked up by a copy and paste), or undefined. Never quotes the token: the
 * service would otherwise be blamed for a request that could not even be made.
 */
export function tokenProblem(token: string): string | undefined {
  if (/^[\x21-\x7e]+$/.test(token)) return undefined;
  const what = /[\r\n]/.test(token)
    ? 'a line break'
    : /[\x00-\x1f\x7f-\x9f]/.test(token)
      ? 'a control character'
      : /\s/.test(token)
        ? 'a space'
        : 'a character outside printable ASCII';
  return `is malformed: it holds ${what}, and a token is one run of printable ASCII characters (copy it again; it is not shown here)`;
}

/** "config.yaml line 4: keys.list.down must be ..." */
export function describeProblem(path: string, problem: ConfigProblem): string {
  return `${path}${problem.line === undefined ? '' : ` line ${problem.line}`}: ${problem.setting} ${problem.message}`;
}
