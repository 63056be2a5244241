import { MAX_FIELD_CHARS } from '../format.js';
import { isTextKey, type InputEvent, type KeyEvent } from './key-events.js';

/**
 * A one-line text field's editing, as a shell line edits (readline's emacs keys): a pure
 * function of the line and one key event, so every key of a burst applies to the line the key
 * before it left. The cursor is an index into the line's code points (an emoji is one step).
 */

export interface Line {
  readonly text: string;
  /** 0 .. number of code points in text. */
  readonly cursor: number;
}

/** The longest text a one-line field keeps: a 100 KB paste is cut here at once. */
export const MAX_LINE_LENGTH = MAX_FIELD_CHARS;

export function lineAtEnd(text: string): Line {
  return { text, cursor: [...text].length };
}

/** What a paste puts into a one-line field: printable characters, lines joined by a space. */
export function pastedLineText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '')
    .replace(/\n+/g, ' ')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char);

/** Index of the start of the word before `cursor` (Alt-b, Ctrl-W). */
function wordStartBefore(chars: readonly string[], cursor: number): number {
  let index = cursor;
  while (index > 0 && !isWordChar(chars[index - 1])) index--;
  while (index > 0 && isWordChar(chars[index - 1])) index--;
  return index;
}

/** Index of the end of the word after `cursor` (Alt-f). */
function wordEndAfter(chars: readonly string[], cursor: number): number {
  let index = cursor;
  while (index < chars.length && !isWordChar(chars[index])) index++;
  while (index < chars.length && isWordChar(chars[index])) index++;
  return index;
}

function insert(chars: readonly string[], cursor: number, text: string, maxLength: number): Line {
  const room = Math.max(0, maxLength - chars.length);
  const inserted = [...text].slice(0, room);
  const next = [...chars.slice(0, cursor), ...inserted, ...chars.slice(cursor)];
  return { text: next.join(''), cursor: cursor + inserted.length };
}

function line(chars: readonly string[], cursor: number): Line {
  return { text: chars.join(''), cursor: Math.max(0, Math.min(cursor, chars.length)) };
}

const EDITING_KEYS = new Set([
  'left', 'right', 'home', 'end', 'backspace', 'delete',
  'ctrl+a', 'ctrl+b', 'ctrl+d', 'ctrl+e', 'ctrl+f', 'ctrl+k', 'ctrl+u', 'ctrl+w',
  'meta+b', 'meta+d', 'meta+f', 'meta+backspace',
]);

/** Whether a focused field takes `event` as an edit (and no command sees it). */
export function isEditingEvent(event: InputEvent): boolean {
  if (event.kind === 'mouse') return false;
  return event.kind === 'paste' || isTextKey(event.name) || EDITING_KEYS.has(event.name);
}

/**
 * The line after `event`, or undefined when the event is no editing key (Enter, Esc, Tab,
 * up/down: the form or screen around the field handles those).
 */
export function editLine(current: Line, event: KeyEvent, maxLength = MAX_LINE_LENGTH): Line | undefined {
  const chars = [...current.text];
  const cursor = Math.max(0, Math.min(current.cursor, chars.length));
  if (event.kind === 'paste') return insert(chars, cursor, pastedLineText(event.text), maxLength);
  const { name } = event;
  switch (name) {
    case 'left':
    case 'ctrl+b':
      return line(chars, cursor - 1);
    case 'right':
    case 'ctrl+f':
      return line(chars, cursor + 1);
    case 'home':
    case 'ctrl+a':
      return line(chars, 0);
    case 'end':
    case 'ctrl+e':
      return line(chars, chars.length);
    case 'meta+b':
      return line(chars, wordStartBefore(chars, cursor));
    case 'meta+f':
      return line(chars, wordEndAfter(chars, cursor));
    case 'backspace':
      return cursor === 0 ? line(chars, cursor) : line([...chars.slice(0, cursor - 1), ...chars.slice(cursor)], cursor - 1);
    case 'delete':
    case 'ctrl+d':
      return line([...chars.slice(0, cursor), ...chars.slice(cursor + 1)], cursor);
    case 'ctrl+u':
      return line(chars.slice(cursor), 0);
    case 'ctrl+k':
      return line(chars.slice(0, cursor), cursor);
    case 'ctrl+w':
    case 'meta+backspace': {
      const start = wordStartBefore(chars, cursor);
      return line([...chars.slice(0, start), ...chars.slice(cursor)], start);
    }
    case 'meta+d': {
      const end = wordEndAfter(chars, cursor);
      return line([...chars.slice(0, cursor), ...chars.slice(end)], cursor);
    }
    default:
      if (isTextKey(name)) return insert(chars, cursor, name, maxLength);
      return undefined;
  }
}

/** Keys that erase: on a selected line they erase the whole of it. */
/** A line with nothing typed. */
const EMPTY_LINE: Line = { text: '', cursor: 0 };

const ERASING_KEYS = new Set(['backspace', 'delete', 'ctrl+d', 'ctrl+k', 'ctrl+u', 'ctrl+w', 'meta+backspace', 'meta+d']);

/**
 * The line after `event` while all of it is selected (a field that selects on focus): what
 * types (a character, a paste) replaces it, a key that erases erases it all, and any other
 * editing key drops the selection and edits as on a line with the cursor at its end. Undefined
 * for no editing key, as editLine.
 */
export function editSelectedLine(current: Line, event: KeyEvent, maxLength = MAX_LINE_LENGTH): Line | undefined {
  if (event.kind === 'paste' || isTextKey(event.name)) return editLine(EMPTY_LINE, event, maxLength);
  if (ERASING_KEYS.has(event.name)) return EMPTY_LINE;
  return editLine(lineAtEnd(current.text), event, maxLength);
}
