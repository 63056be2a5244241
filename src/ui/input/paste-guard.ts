/**
 * Bracketed paste: the terminal sends a paste between ESC[200~ and ESC[201~, and Ink holds every
 * byte after the start until the end arrives, so that a paste is text and never a string of keys.
 * A start with no end (a paste cut off over a slow link, a garbled stream, a start marker made of
 * random bytes split across two reads) would hold every later key, Ctrl-C included, for good: the
 * TUI would look frozen. This guard watches what Ink reads and, when a paste has stayed open for
 * PASTE_END_WAIT_MS, hands Ink the end marker itself. What came after the start is then one paste
 * (a text field takes it; elsewhere Marquee says it ignored a paste), and keys work again.
 * Ctrl-C does not wait: read inside an open paste, it ends the paste where it stands and quits.
 */

const PASTE_START = '\u001B[200~';
const PASTE_END = '\u001B[201~';
const CTRL_C = '\u0003';

/**
 * How long a paste may stay open. A terminal sends a paste whole as fast as the link carries it,
 * and Marquee's fields keep at most 500 characters: a second is far more than a real paste takes.
 */
export const PASTE_END_WAIT_MS = 1000;

/** The part of the input stream Ink uses: chunks by read(), and 'readable' when there are some. */
export interface GuardedInput {
  read(size?: number): string | Buffer | null;
  emit(event: 'readable'): boolean;
}

/**
 * `text` (read after `before`, the end of what came earlier) with a paste end put before each
 * Ctrl-C that would be inside a paste, and whether a paste is open after it.
 */
function closedAtCtrlC(before: string, text: string, openBefore: boolean): { text: string; open: boolean } {
  const whole = before + text;
  // Most reads are keys: no marker can be in them, and no paste is open.
  if (!openBefore && !whole.includes('\u001B')) return { text, open: false };
  let open = openBefore;
  let out = '';
  let copied = 0;
  for (let i = 0; i < whole.length; i++) {
    if (whole.startsWith(PASTE_START, i)) open = true;
    else if (whole.startsWith(PASTE_END, i)) open = false;
    else if (open && whole[i] === CTRL_C && i >= before.length) {
      out += whole.slice(before.length + copied, i) + PASTE_END;
      copied = i - before.length;
      open = false;
    }
  }
  return { text: out + whole.slice(before.length + copied), open };
}

/**
 * Tracks the paste markers in the chunks read (a marker may be split across two), and closes a
 * paste left open: `read` hands out the end marker first when it is due.
 */
class PasteGuard {
  private open = false;
  /** The end of the previous chunk, long enough to hold all but the last byte of a marker. */
  private tail = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private due = false;

  constructor(
    private readonly readChunk: () => string | Buffer | null,
    /** Tells Ink there is something to read, so that it reads the end marker. */
    private readonly announce: () => void,
    private readonly waitMs: number,
  ) {}

  read(): string | Buffer | null {
    if (this.due) {
      this.due = false;
      this.watch(false);
      return PASTE_END;
    }
    const chunk = this.readChunk();
    if (chunk === null) return null;
    // A marker split across two reads is found whole in the last one's tail and this one. The
    // tail is shorter than a marker, so none found in it was counted before.
    const { text, open } = closedAtCtrlC(this.tail, typeof chunk === 'string' ? chunk : chunk.toString('utf8'), this.open);
    this.tail = (this.tail + text).slice(-(PASTE_START.length - 1));
    this.watch(open);
    return text;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private watch(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!open) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.due = true;
      this.announce();
    }, this.waitMs);
    this.timer.unref?.();
  }
}

/**
 * Wraps `stdin.read`, which Ink's input loop calls until it returns null (as readMouseFrom does),
 * so that a paste left open is closed after `waitMs`. Returns the function that unwraps it.
 */
export function guardPastes(stdin: GuardedInput, waitMs = PASTE_END_WAIT_MS): () => void {
  const original = stdin.read;
  const guard = new PasteGuard(
    () => original.call(stdin),
    () => stdin.emit('readable'),
    waitMs,
  );
  const read = () => guard.read();
  stdin.read = read;
  return () => {
    guard.dispose();
    if (stdin.read === read) stdin.read = original;
  };
}
