/**
 * How pictures are drawn: a terminal graphics protocol, Unicode half-blocks in colour, or not at
 * all (text). Chosen once at start from the config file's `images` and the environment; never by
 * asking the terminal, whose answer would arrive on stdin among the user's keys.
 */

/**
 * What the config file's `images` may say. The graphics protocols are detected and reported
 * (`marquee doctor`) but not drawn yet: their escape sequences paint outside Ink's frame, and
 * half-blocks are the drawing that is redrawn and cleared with the screen.
 */
export const IMAGE_SETTINGS = ['auto', 'blocks', 'off'] as const;
export type ImageSetting = (typeof IMAGE_SETTINGS)[number];

export type GraphicsProtocol = 'kitty' | 'iterm' | 'sixel';
/** How pictures are drawn: kitty graphics (Unicode placeholders), half-blocks, or not at all. */
export type PictureProtocol = 'kitty' | 'blocks' | 'text';

export interface PictureChoice {
  readonly protocol: PictureProtocol;
  /** Why, for `marquee doctor`: "half-blocks: TERM_PROGRAM=iTerm.app supports iTerm2 images; ...". */
  readonly reason: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The graphics protocol the environment says the terminal speaks, and what says so; undefined when none. */
export function detectGraphics(env: Env): { protocol: GraphicsProtocol; because: string } | undefined {
  const term = env.TERM ?? '';
  const program = env.TERM_PROGRAM ?? '';
  if (env.KITTY_WINDOW_ID) return { protocol: 'kitty', because: 'KITTY_WINDOW_ID is set (kitty)' };
  if (term === 'xterm-kitty') return { protocol: 'kitty', because: 'TERM=xterm-kitty' };
  if (term === 'xterm-ghostty' || program === 'ghostty') return { protocol: 'kitty', because: 'the terminal is Ghostty' };
  if (program === 'iTerm.app') return { protocol: 'iterm', because: 'TERM_PROGRAM=iTerm.app' };
  if (program === 'WezTerm') return { protocol: 'iterm', because: 'TERM_PROGRAM=WezTerm' };
  if (env.KONSOLE_VERSION) return { protocol: 'kitty', because: 'KONSOLE_VERSION is set (Konsole)' };
  if (/^(foot|mlterm|yaft)/.test(term) || /sixel/i.test(term)) return { protocol: 'sixel', because: `TERM=${term}` };
  return undefined;
}

const NAMES: Record<PictureProtocol | GraphicsProtocol, string> = {
  kitty: 'kitty graphics',
  iterm: 'iTerm2 inline images',
  sixel: 'sixel',
  blocks: 'half-blocks in colour',
  text: 'text only',
};

export function protocolName(protocol: PictureProtocol | GraphicsProtocol): string {
  return NAMES[protocol];
}

/** How to draw: half-blocks, which are exact under any terminal and redraw with the screen, or text. */
export function choosePictureProtocol({ setting = 'auto', env, color }: { setting?: ImageSetting; env: Env; color: boolean }): PictureChoice {
  if (setting === 'off') return { protocol: 'text', reason: 'text only: the config file says images: off' };
  if (!color) return { protocol: 'text', reason: 'text only: colours are off (NO_COLOR or --no-color)' };
  const detected = detectGraphics(env);
  if (setting === 'blocks') return { protocol: 'blocks', reason: 'half-blocks in colour: the config file says images: blocks' };
  if (env.TMUX) {
    return { protocol: 'blocks', reason: `half-blocks in colour: inside tmux, which passes no graphics protocol${detected ? ` (${detected.because})` : ''}` };
  }
  if (detected) {
    return {
      protocol: 'blocks',
      reason: `half-blocks in colour (${detected.because}: the terminal speaks ${NAMES[detected.protocol]}, which Marquee does not draw yet)`,
    };
  }
  return { protocol: 'blocks', reason: 'half-blocks in colour: no graphics protocol detected (TERM, TERM_PROGRAM, KITTY_WINDOW_ID)' };
}
