// Owns drawing painted pictures (iTerm2, sixel) over the screen in step with Ink's frames, and clearing them.
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';

/**
 * Pictures painted over the screen (iTerm2 inline images, sixel) in step with Ink's frames.
 *
 * Such a picture draws at the cursor over whatever cells are there, outside Ink's text, and Ink
 * erases it whenever it rewrites the lines it covers. So a picture on screen is a mark in Ink's
 * text: two cells (a private-use character, then one naming the picture) at its top-left corner,
 * in a box Ink keeps otherwise blank. The stream Ink writes to (paintingStream) replaces each
 * mark by two spaces and, in the same write, paints the picture there: save the cursor, move,
 * paint, restore. Ink brackets each frame in synchronized output, so the terminal shows the
 * text and the pictures together. A picture that is no longer drawn has no mark in the next
 * frame, which erases its lines, so nothing paints it again.
 *
 * What this relies on. Of Ink 8 (its log-update and ink modules): an interactive frame is one
 * write that erases the previous frame's lines (ESC[2K each, which also erases any picture on
 * them) and writes every line of the new one, separated by "\n", each from column 1, starting
 * on the previous frame's top row. Incremental rendering (rewriting only changed lines) would
 * break this: the TUI does not turn it on. Of the TUI: it draws on the alternate screen, entered
 * with the cursor at the top-left, so the first frame's top row is the screen's first; a frame
 * taller than the screen (its lines and the cursor's line after a trailing "\n") scrolls it up.
 */

const MARK = '\u{10FFFD}';
/** The second cell of a mark: the picture's number, from the supplementary private-use plane A. */
const NUMBER_BASE = 0xf0000;
const NUMBERS = 0xfffe;
const MARKS = /\u{10FFFD}([\u{F0000}-\u{FFFFD}])/gu;

export interface PaintedPicture {
  /** The escape sequence that paints it at the cursor. */
  readonly sequence: string;
  readonly rows: number;
}

export class PaintedPictures {
  private serial = 0;
  private readonly pictures = new Map<number, PaintedPicture>();

  constructor(private readonly screenRows: () => number) {}

  /** A picture to paint wherever its mark is drawn, until `remove`; returns its mark (two cells). */
  add(picture: PaintedPicture): { mark: string; remove: () => void } {
    let number = this.serial;
    while (this.pictures.has(number)) number = (number + 1) % NUMBERS;
    this.serial = (number + 1) % NUMBERS;
    this.pictures.set(number, picture);
    return {
      mark: MARK + String.fromCodePoint(NUMBER_BASE + number),
      remove: () => {
        if (this.pictures.get(number) === picture) this.pictures.delete(number);
      },
    };
  }

  /** How many pictures are drawn now (mounted, whether or not a frame has painted them yet). */
  get size(): number {
    return this.pictures.size;
  }

  /**
   * A write as Ink made it, as it goes to the terminal: marks become spaces, and the pictures
   * they name are painted after the frame's text. A mark of a picture that is scrolled off the
   * top or would reach the bottom row (painting there could scroll the screen) is only blanked.
   */
  paintFrame(chunk: string): string {
    if (!chunk.includes(MARK)) return chunk;
    const lines = chunk.split('\n');
    const screenRows = this.screenRows();
    const scrolled = Math.max(0, lines.length - screenRows);
    let paint = '';
    const blanked = lines.map((line, index) =>
      line.replace(MARKS, (_mark, numberCell: string, offset: number) => {
        const picture = this.pictures.get(numberCell.codePointAt(0)! - NUMBER_BASE);
        const row = index + 1 - scrolled;
        if (picture && row >= 1 && row + picture.rows - 1 < screenRows) {
          const column = stringWidth(stripVTControlCharacters(line.slice(0, offset))) + 1;
          paint += `\u001B7\u001B[${row};${column}H${picture.sequence}\u001B8`;
        }
        return '  ';
      }),
    );
    return blanked.join('\n') + paint;
  }
}

const registries = new WeakMap<object, PaintedPictures>();

type Stdout = NodeJS.WriteStream;

/** The pictures painted on one output stream: the one paintingStream made, or a new one that nothing paints (tests). */
export function paintedPicturesFor(stream: object): PaintedPictures {
  let pictures = registries.get(stream);
  if (!pictures) {
    pictures = new PaintedPictures(() => (stream as { rows?: number }).rows || 24);
    registries.set(stream, pictures);
  }
  return pictures;
}

/**
 * `stdout` for Ink to write to: the same terminal (size, events, TTY-ness), every write passed
 * through PaintedPictures.paintFrame, so Ink's frames carry the pictures their marks name.
 */
export function paintingStream(stdout: Stdout): Stdout {
  const stream: Stdout = new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const pictures = new PaintedPictures(() => stdout.rows || 24);
  registries.set(stream, pictures);
  const write = (chunk: unknown, ...rest: unknown[]): boolean =>
    (stdout.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? pictures.paintFrame(chunk) : chunk, ...rest);
  return stream;
}
