/**
 * Mouse input, when the config file turns it on: the terminal reports buttons and the wheel in
 * SGR form (mode 1006), `ESC [ < button ; column ; row M` for a press and `... m` for a release.
 * Ink drops such reports before its input hooks see them, so they are taken out of each read
 * here, before Ink parses it (see readMouseFrom): each report is one event, in its place among
 * the keys of the read, and never reaches a text field or a command as characters.
 */

export type MouseButton = 'left' | 'middle' | 'right' | 'wheelUp' | 'wheelDown' | 'none';

export interface MouseEvent {
  readonly kind: 'mouse';
  /** 'drag' is motion with a button held (mode 1002); 'release' is a button let go. */
  readonly action: 'press' | 'release' | 'drag';
  readonly button: MouseButton;
  /** 0-based column and row of the cell under the pointer. */
  readonly x: number;
  readonly y: number;
}

/** Mouse reporting on: button presses (1000), drags (1002), in SGR form (1006). */
export const MOUSE_REPORTING_ON = '\u001B[?1000h\u001B[?1002h\u001B[?1006h';
/** Every mode MOUSE_REPORTING_ON turned on, off again. */
export const MOUSE_REPORTING_OFF = '\u001B[?1006l\u001B[?1002l\u001B[?1000l';

const SGR_MOUSE = /^\u001B\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

/**
 * The event of one SGR mouse report ("ESC[<0;10;5M"); undefined for a malformed one, which is
 * then dropped whole (never typed).
 */
export function parseSgrMouse(text: string): MouseEvent | undefined {
  const match = SGR_MOUSE.exec(text);
  if (!match) return undefined;
  const code = Number(match[1]);
  const column = Number(match[2]);
  const row = Number(match[3]);
  if (column < 1 || row < 1) return undefined;
  // Bits 2..4 are Shift, Alt and Ctrl; 32 is motion; 64 is the wheel; the low two bits the button.
  const motion = (code & 32) !== 0;
  const wheel = (code & 64) !== 0;
  const low = code & 3;
  if (code >= 128) return undefined;
  let button: MouseButton;
  if (wheel) {
    if (low > 1) return undefined;
    button = low === 0 ? 'wheelUp' : 'wheelDown';
  } else {
    button = (['left', 'middle', 'right', 'none'] as const)[low]!;
  }
  const action = match[4] === 'm' ? 'release' : motion ? 'drag' : 'press';
  return { kind: 'mouse', action, button, x: column - 1, y: row - 1 };
}

/**
 * Focus reporting on (mode 1004): the terminal sends `ESC [ I` when it gains focus and `ESC [ O`
 * when it loses it (tmux passes them on with `focus-events on`). Regaining focus is when what a
 * screen shows may have changed elsewhere (queries.focusRegained).
 */
export const FOCUS_REPORTING_ON = '\u001B[?1004h';
export const FOCUS_REPORTING_OFF = '\u001B[?1004l';

/** Whether the terminal gained (in) or lost (out) the focus. */
export type FocusChange = 'in' | 'out';

/** A part of one read: text for Ink's parser, a mouse event, or a focus report. */
export type ReadPart = { readonly text: string } | { readonly mouse: MouseEvent } | { readonly focus: FocusChange };

const ESC = '\u001B';
const PASTE_START = '\u001B[200~';
const PASTE_END = '\u001B[201~';
/** A CSI sequence with the private marker '<', complete: what the terminal sends for the mouse. */
const MOUSE_REPORT = /^\u001B\[<[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/;
/** The start of one, cut off by the end of a read: held until the next read completes it. */
const MOUSE_REPORT_START = /^\u001B(?:\[(?:<[\x20-\x3f]*)?)?$/;
/** A focus report: Ink would take it for the keys `[` and `I`. */
const FOCUS_REPORT = /^\u001B\[([IO])/;

/**
 * Takes the mouse and focus reports out of the reads of a terminal, in order with the text
 * around them. A report split across two reads is joined; a malformed one is dropped whole; a
 * bracketed paste is left as it is (pasted text is never taken for a click).
 */
export class MouseReportSplitter {
  /** The start of a report the last read ended with. */
  private held = '';
  private inPaste = false;

  split(chunk: string): ReadPart[] {
    const input = this.held + chunk;
    this.held = '';
    const parts: ReadPart[] = [];
    let text = '';
    let index = 0;
    while (index < input.length) {
      if (this.inPaste) {
        const end = input.indexOf(PASTE_END, index);
        const stop = end === -1 ? input.length : end + PASTE_END.length;
        text += input.slice(index, stop);
        index = stop;
        if (end !== -1) this.inPaste = false;
        continue;
      }
      const escape = input.indexOf(ESC, index);
      if (escape === -1) {
        text += input.slice(index);
        break;
      }
      text += input.slice(index, escape);
      const rest = input.slice(escape);
      if (rest.startsWith(PASTE_START)) {
        this.inPaste = true;
        text += PASTE_START;
        index = escape + PASTE_START.length;
        continue;
      }
      const focus = FOCUS_REPORT.exec(rest);
      if (focus) {
        if (text !== '') parts.push({ text });
        text = '';
        parts.push({ focus: focus[1] === 'I' ? 'in' : 'out' });
        index = escape + focus[0].length;
        continue;
      }
      const report = MOUSE_REPORT.exec(rest);
      if (report) {
        if (text !== '') parts.push({ text });
        text = '';
        const mouse = parseSgrMouse(report[0]);
        if (mouse) parts.push({ mouse });
        index = escape + report[0].length;
        continue;
      }
      // Only "ESC [" (which a focus report may complete) and "ESC [ <" with what follows it are
      // held: a lone ESC is a key's start, and Ink's parser waits for that itself.
      if (rest.startsWith('\u001B[') && MOUSE_REPORT_START.test(rest)) {
        this.held = rest;
        break;
      }
      text += ESC;
      index = escape + 1;
    }
    if (text !== '') parts.push({ text });
    return parts;
  }
}

interface ReadableInput {
  read(size?: number): string | Buffer | null;
}

/**
 * Wraps `stdin.read`, which Ink's input loop calls until it returns null, so that each read
 * hands Ink its text parts one at a time and gives each mouse report to `onMouse` between them:
 * Ink has handled the keys before a report by the time the report goes out, and the keys after
 * it only after. Focus reports go to `onFocus`, and never to Ink. Returns the function that
 * unwraps it.
 */
export function readMouseFrom(stdin: ReadableInput, onMouse: (event: MouseEvent) => void, onFocus: (change: FocusChange) => void = () => undefined): () => void {
  const original = stdin.read;
  const splitter = new MouseReportSplitter();
  let waiting: ReadPart[] = [];
  const read = function (this: ReadableInput, size?: number): string | Buffer | null {
    for (;;) {
      const part = waiting.shift();
      if (part === undefined) {
        const chunk = original.call(this, size);
        if (chunk === null) return null;
        waiting = splitter.split(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        continue;
      }
      if ('text' in part) return part.text;
      if ('focus' in part) onFocus(part.focus);
      else onMouse(part.mouse);
    }
  };
  stdin.read = read;
  return () => {
    if (stdin.read === read) stdin.read = original;
  };
}
