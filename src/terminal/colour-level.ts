/**
 * How many colours the TUI draws with in a terminal, decided once from the environment: the
 * TUI hands the result to its renderer (FORCE_COLOR, read by Ink's colour library when first
 * imported) and `marquee doctor` reports the same result, so the two never disagree.
 *
 * The rules are those of supports-color, which Ink's colour library (chalk) uses, so handing
 * the level over changes nothing a user had before. They differ from Node's getColorDepth()
 * where it matters: Node says true colour inside tmux whatever tmux passes on, while tmux draws
 * 256 colours unless it is told the outer terminal has more (COLORTERM=truecolor).
 */

/** 0 none, 1 the 16 basic colours, 2 256 colours, 3 true colour (as chalk counts levels). */
export type ColourLevel = 0 | 1 | 2 | 3;

type Env = Readonly<Record<string, string | undefined>>;

export const COLOUR_LEVEL_NAMES: Readonly<Record<ColourLevel, string>> = {
  0: 'none',
  1: '16 colours',
  2: '256 colours',
  3: 'true colour',
};

/** FORCE_COLOR as supports-color reads it: a number is an exact level, "true" or "" turns colour on, "false" off. */
function forcedLevel(env: Env): { level: ColourLevel; exact: boolean } | undefined {
  const forced = env.FORCE_COLOR;
  if (forced === undefined) return undefined;
  if (forced === 'false') return { level: 0, exact: true };
  if (forced === 'true' || forced === '') return { level: 1, exact: false };
  if (!/^\d+$/.test(forced)) return undefined;
  return { level: Math.min(Number.parseInt(forced, 10), 3) as ColourLevel, exact: true };
}

/** What the terminal named by the environment shows, not counting FORCE_COLOR. */
function detectedLevel(env: Env, platform: NodeJS.Platform): ColourLevel | undefined {
  const term = env.TERM ?? '';
  if (term === 'dumb') return undefined;
  // Windows 10 from build 14931 on draws true colour; older Windows no longer runs Node 22.
  if (platform === 'win32') return 3;
  if ('CI' in env) return undefined;
  if (env.COLORTERM === 'truecolor') return 3;
  if (term === 'xterm-kitty' || term === 'xterm-ghostty' || term === 'wezterm') return 3;
  if (env.TERM_PROGRAM === 'iTerm.app') return Number.parseInt((env.TERM_PROGRAM_VERSION ?? '').split('.', 1)[0]!, 10) >= 3 ? 3 : 2;
  if (env.TERM_PROGRAM === 'Apple_Terminal') return 2;
  if (/-256(?:color)?$/i.test(term)) return 2;
  if (/^screen|^xterm|^vt100|^vt220|^rxvt|color|ansi|cygwin|linux/i.test(term)) return 1;
  if ('COLORTERM' in env) return 1;
  return undefined;
}

/** The level the TUI draws with: none under NO_COLOR or --no-color, or when output is not a terminal. */
export function colourLevel(env: Env, options: { isTTY: boolean; noColor?: boolean; platform?: NodeJS.Platform }): ColourLevel {
  if (options.noColor || (env.NO_COLOR ?? '') !== '') return 0;
  const forced = forcedLevel(env);
  if (forced?.exact) return forced.level;
  if (!options.isTTY && forced === undefined) return 0;
  const least = forced?.level ?? 0;
  return Math.max(least, detectedLevel(env, options.platform ?? process.platform) ?? 0) as ColourLevel;
}
