// Owns which picture protocol the terminal speaks (kitty, iTerm2, sixel, blocks, text) and the images setting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How pictures are drawn: kitty graphics, iTerm2 inline images, sixel, Unicode half-blocks in
 * colour, or not at all (text).
 * Chosen once at start from the config file's `images` and the environment; never by asking the
 * terminal, whose answer would arrive on stdin among the user's keys.
 */

/**
 * What the config file's `images` may say: `auto` (the protocol the terminal seems to speak,
 * when Marquee draws it), a protocol by name, `blocks` (half-blocks in colour) or `off`.
 */
export const IMAGE_SETTINGS = ['auto', 'kitty', 'iterm', 'sixel', 'blocks', 'off'] as const;
export type ImageSetting = (typeof IMAGE_SETTINGS)[number];

export type GraphicsProtocol = 'kitty' | 'iterm' | 'sixel';
/**
 * How pictures are drawn: kitty graphics (Unicode placeholders), iTerm2 inline images or sixel
 * (painted over cells Ink leaves blank, at the end of each frame: see painted-pictures.ts),
 * half-blocks, or not at all.
 */
export type PictureProtocol = GraphicsProtocol | 'blocks' | 'text';

/** Whether the terminal draws the pictures itself (images sent to it), rather than Ink as text. */
export function isGraphicsProtocol(protocol: PictureProtocol | ImageSetting): protocol is GraphicsProtocol {
  return protocol === 'kitty' || isPaintedProtocol(protocol);
}

/** iTerm2 images and sixel: painted over cells Ink leaves blank, with each frame (painted-pictures.ts). */
export function isPaintedProtocol(protocol: PictureProtocol | ImageSetting): protocol is 'iterm' | 'sixel' {
  return protocol === 'iterm' || protocol === 'sixel';
}

export interface PictureChoice {
  readonly protocol: PictureProtocol;
  /** Kitty graphics are wrapped in tmux's passthrough (Marquee runs inside tmux). */
  readonly throughTmux: boolean;
  /** Why, for `marquee doctor`: "kitty graphics: TERM=xterm-kitty", "half-blocks in colour: ...". */
  readonly reason: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export interface DetectedGraphics {
  readonly protocol: GraphicsProtocol;
  /** What says so: "TERM=xterm-kitty". */
  readonly because: string;
  /** False for a terminal whose kitty graphics lack Unicode placeholders (Konsole), which Marquee draws with. */
  readonly placeholders?: boolean;
}

/** The graphics protocol the environment says the terminal speaks, and what says so; undefined when none. */
export function detectGraphics(env: Env): DetectedGraphics | undefined {
  const term = env.TERM ?? '';
  const program = env.TERM_PROGRAM ?? '';
  if (env.KITTY_WINDOW_ID) return { protocol: 'kitty', because: 'KITTY_WINDOW_ID is set (kitty)' };
  if (term === 'xterm-kitty') return { protocol: 'kitty', because: 'TERM=xterm-kitty' };
  if (term === 'xterm-ghostty' || program === 'ghostty') return { protocol: 'kitty', because: 'the terminal is Ghostty' };
  if (program === 'iTerm.app') return { protocol: 'iterm', because: 'TERM_PROGRAM=iTerm.app' };
  if (program === 'WezTerm') return { protocol: 'iterm', because: 'TERM_PROGRAM=WezTerm' };
  if (env.KONSOLE_VERSION) return { protocol: 'kitty', because: 'KONSOLE_VERSION is set (Konsole)', placeholders: false };
  if (/^(foot|mlterm|yaft)/.test(term) || /sixel/i.test(term)) return { protocol: 'sixel', because: `TERM=${term}` };
  return undefined;
}

/** Kitty draws Unicode placeholders from this version on (2023); Debian 12 still ships 0.26. */
const KITTY_PLACEHOLDERS_SINCE: readonly [number, number] = [0, 28];

/**
 * The version of the kitty running Marquee, as its installation says it (kitty sets
 * KITTY_INSTALLATION_DIR; a distribution's package keeps the version in kitty/constants.py);
 * undefined when it cannot be read, as in kitty's own frozen builds, which are recent.
 */
export function installedKittyVersion(env: Env, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): [number, number, number] | undefined {
  const dir = env.KITTY_INSTALLATION_DIR;
  if (!dir) return undefined;
  try {
    const match = /^version\b.*?Version\((\d+),\s*(\d+),\s*(\d+)\)/m.exec(read(join(dir, 'kitty', 'constants.py')));
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
  } catch {
    return undefined;
  }
}

const NAMES: Record<PictureProtocol | GraphicsProtocol, string> = {
  kitty: 'kitty graphics',
  iterm: 'iTerm2 inline images',
  sixel: 'sixel',
  blocks: 'half-blocks in colour',
  text: 'text only',
};

const blocks = (reason: string): PictureChoice => ({ protocol: 'blocks', throughTmux: false, reason: `half-blocks in colour: ${reason}` });
const text = (reason: string): PictureChoice => ({ protocol: 'text', throughTmux: false, reason: `text only: ${reason}` });

/**
 * Pixels of one terminal cell (width x height) that sixel pictures are sized for, unless the
 * config file's `sixel_cell` says. Small on purpose (xterm's default font as a VT340 is 6x13):
 * sized for cells larger than the terminal's, a picture would paint over the text beside it;
 * sized for smaller ones it is only drawn smaller than its space.
 */
export const DEFAULT_SIXEL_CELL = { width: 6, height: 12 } as const;

/** The config file's `sixel_cell` ("10x20", already checked by its schema) as numbers. */
export function parseSixelCell(text: string | undefined): { width: number; height: number } | undefined {
  const match = text ? /^(\d+)x(\d+)$/.exec(text) : null;
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** Why the sixel size is what it is, for `marquee doctor`. */
function sixelCellNote(cell: { width: number; height: number } | undefined): string {
  const { width, height } = cell ?? DEFAULT_SIXEL_CELL;
  return cell
    ? `, sized for ${width}x${height}-pixel cells as the config file's sixel_cell says`
    : `, sized for ${width}x${height}-pixel cells (the terminal is not asked; set sixel_cell in the config file if its cells differ)`;
}

/**
 * How to draw. Kitty graphics where the terminal has them with Unicode placeholders (kitty,
 * Ghostty), or when the config file says `images: kitty`; iTerm2 inline images in iTerm2 and
 * WezTerm, sixel in foot and mlterm, or either when the config file names it; half-blocks in colour anywhere else
 * (they are exact under any terminal and redraw with the screen); text only under NO_COLOR,
 * --no-color or `images: off`.
 *
 * Inside tmux, kitty graphics reach the terminal only through tmux's passthrough, which tmux
 * drops unless `allow-passthrough` is on; Marquee cannot see that option without asking tmux,
 * so `auto` draws half-blocks there and `images: kitty` wraps the graphics for tmux. iTerm2
 * images and sixel stay half-blocks inside tmux even when named: tmux does not pass them through
 * reliably, and they are painted at positions tmux's own screen does not know of.
 *
 * `colorDepth` is the terminal's (1, 4, 8 or 24 bits): placeholders carry the image's id in a
 * 256-colour foreground, so kitty graphics need 8 bits or more. `kittyVersion` is the kitty's
 * when its installation says it (installedKittyVersion): one older than 0.28 draws half-blocks.
 */
export function choosePictureProtocol({
  setting = 'auto',
  env,
  color,
  colorDepth,
  kittyVersion,
  sixelCell,
}: {
  setting?: ImageSetting;
  env: Env;
  color: boolean;
  colorDepth?: number;
  kittyVersion?: readonly [number, number, number];
  /** The config file's `sixel_cell`, when it says one. */
  sixelCell?: { width: number; height: number };
}): PictureChoice {
  if (setting === 'off') return text('the config file says images: off');
  if (!color) return text('colours are off (NO_COLOR or --no-color)');
  if (setting === 'blocks') return blocks('the config file says images: blocks');
  const tmux = Boolean(env.TMUX);
  const fewColours = colorDepth !== undefined && colorDepth < 8;
  if (setting === 'kitty') {
    if (fewColours) return blocks(`the config file says images: kitty, but the terminal shows ${2 ** colorDepth} colours and kitty placeholders need 256`);
    const through = tmux ? ' through tmux (its allow-passthrough option must be on)' : '';
    return { protocol: 'kitty', throughTmux: tmux, reason: `kitty graphics${through}: the config file says images: kitty` };
  }
  if (isPaintedProtocol(setting)) {
    if (tmux) return blocks(`the config file says images: ${setting}, but inside tmux ${NAMES[setting]} are not passed through reliably`);
    const note = setting === 'sixel' ? sixelCellNote(sixelCell) : '';
    return { protocol: setting, throughTmux: false, reason: `${NAMES[setting]}${note}: the config file says images: ${setting}` };
  }

  const detected = detectGraphics(env);
  if (tmux) {
    const seen = detected ? ` (${detected.because}: ${NAMES[detected.protocol]})` : '';
    return blocks(
      `inside tmux${seen}, graphics reach the terminal only when tmux's allow-passthrough option is on, which Marquee does not ask tmux; set images: kitty in the config file if it is on and the terminal speaks kitty graphics`,
    );
  }
  if (!detected) return blocks('no graphics protocol detected (TERM, TERM_PROGRAM, KITTY_WINDOW_ID)');
  if (detected.protocol === 'kitty') {
    if (detected.placeholders === false) return blocks(`${detected.because}: its kitty graphics have no Unicode placeholders, which Marquee draws with`);
    if (fewColours) return blocks(`${detected.because}, but the terminal shows ${2 ** colorDepth} colours and kitty placeholders need 256`);
    const [major, minor] = KITTY_PLACEHOLDERS_SINCE;
    if (kittyVersion && (kittyVersion[0] < major || (kittyVersion[0] === major && kittyVersion[1] < minor))) {
      return blocks(`${detected.because}, but kitty ${kittyVersion.join('.')} draws no Unicode placeholders (${major}.${minor} or later does)`);
    }
    return { protocol: 'kitty', throughTmux: false, reason: `kitty graphics: ${detected.because}` };
  }
  const note = detected.protocol === 'sixel' ? sixelCellNote(sixelCell) : '';
  return { protocol: detected.protocol, throughTmux: false, reason: `${NAMES[detected.protocol]}${note}: ${detected.because}` };
}
