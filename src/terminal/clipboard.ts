// Owns copying text: the system clipboard through a clipboard program, or the terminal through OSC 52.
/** Where a copy went: the system clipboard (a clipboard program), or the terminal (OSC 52). */
export type CopyRoute = 'system' | 'terminal';

/** Writes text on the system clipboard; rejects when the clipboard program fails. */
export type SystemClipboard = (text: string) => Promise<void>;

/** Writes a control sequence on the terminal (the TUI's own writer, which keeps its frame whole). */
export type TerminalWriter = (sequence: string) => void;

export interface ClipboardEnvironment {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** True on Linux and the BSDs when a graphical session is reachable (X11, Wayland, or WSL's Windows side). */
function hasDisplay(env: ClipboardEnvironment['env']): boolean {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY || env.WSL_DISTRO_NAME);
}

/**
 * Why the system clipboard is out of reach here, or undefined when a clipboard program is worth
 * trying. Over ssh without a forwarded display the clipboard programs would write the remote
 * machine's clipboard, or none: the terminal's clipboard (OSC 52) reaches the person's machine.
 */
export function systemClipboardMissing({ platform, env }: ClipboardEnvironment): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  if (platform === 'android') return env.TERMUX_VERSION ? undefined : 'no Termux clipboard';
  if (!hasDisplay(env)) return env.SSH_CONNECTION || env.SSH_TTY ? 'over ssh without a display' : 'no display';
  return undefined;
}

/**
 * OSC 52: asks the terminal to put `text` on the clipboard. It works over ssh and inside tmux
 * (with set-clipboard on), where no clipboard program can reach the person's machine.
 */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** The system clipboard through clipboardy, loaded only when something is copied. */
export const clipboardyClipboard: SystemClipboard = async (text) => {
  const { default: clipboard } = await import('clipboardy');
  await clipboard.write(text);
};

/**
 * Copies `text`: the system clipboard when one is reachable and its program works (clipboardy
 * throws when it finds none), else the terminal's clipboard. Says which it used; throws only
 * when the terminal cannot be written either.
 */
export async function copyText(
  text: string,
  environment: ClipboardEnvironment,
  system: SystemClipboard | undefined,
  terminal: TerminalWriter,
): Promise<CopyRoute> {
  if (system && systemClipboardMissing(environment) === undefined) {
    try {
      await system(text);
      return 'system';
    } catch {
      // No usable clipboard program (not installed, no display it can reach): the terminal's clipboard.
    }
  }
  terminal(osc52(text));
  return 'terminal';
}
