import { MAX_FIELD_CHARS } from '../format.js';
import { bindingsForKey, type CommandIn } from '../keymap.js';
import { isTextKey, type InputEvent, type KeyEvent } from './key-events.js';

/**
 * A one-line text field's editing, as a shell line edits (readline's emacs keys): a pure
 * function of the line and one key event, so every key of a burst applies to the line the key
 * before it left. The keys are the keymap's `edit` commands, so a user's rebinding applies here
 * as everywhere. The cursor is an index into the line's code points (an emoji is one step).
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

/** A command of the keymap's `edit` scope: what a focused field does with a key that edits. */
export type EditCommand = CommandIn<'edit'>;

type Edit = (chars: readonly string[], cursor: number) => Line;

/** What each editing command does to the line: every command of the scope has its edit here. */
const EDITS: Readonly<Record<EditCommand, Edit>> = {
  'edit.left': (chars, cursor) => line(chars, cursor - 1),
  'edit.right': (chars, cursor) => line(chars, cursor + 1),
  'edit.start': (chars) => line(chars, 0),
  'edit.end': (chars) => line(chars, chars.length),
  'edit.wordLeft': (chars, cursor) => line(chars, wordStartBefore(chars, cursor)),
  'edit.wordRight': (chars, cursor) => line(chars, wordEndAfter(chars, cursor)),
  'edit.eraseBack': (chars, cursor) => (cursor === 0 ? line(chars, cursor) : line([...chars.slice(0, cursor - 1), ...chars.slice(cursor)], cursor - 1)),
  'edit.eraseForward': (chars, cursor) => line([...chars.slice(0, cursor), ...chars.slice(cursor + 1)], cursor),
  'edit.eraseWordBack': (chars, cursor) => {
    const start = wordStartBefore(chars, cursor);
    return line([...chars.slice(0, start), ...chars.slice(cursor)], start);
  },
  'edit.eraseWordForward': (chars, cursor) => {
    const end = wordEndAfter(chars, cursor);
    return line([...chars.slice(0, cursor), ...chars.slice(end)], cursor);
  },
  'edit.eraseToStart': (chars, cursor) => line(chars.slice(cursor), 0),
  'edit.eraseToEnd': (chars, cursor) => line(chars.slice(0, cursor), cursor),
};

/** The commands that erase: on a selected line they erase the whole of it. */
const ERASING: ReadonlySet<EditCommand> = new Set([
  'edit.eraseBack', 'edit.eraseForward', 'edit.eraseWordBack', 'edit.eraseWordForward', 'edit.eraseToStart', 'edit.eraseToEnd',
]);

const isEditCommand = (command: string): command is EditCommand => Object.hasOwn(EDITS, command);

const EDIT_SCOPE = ['edit'] as const;

/**
 * The editing command key `name` runs in a focused field, as the keymap in use binds it (the
 * config file's `keys:` included); undefined for a key bound to none.
 */
export function editCommandOf(name: string): EditCommand | undefined {
  const command = bindingsForKey(name, EDIT_SCOPE)[0]?.command;
  return command !== undefined && isEditCommand(command) ? command : undefined;
}

/** Whether a focused field takes `event` as an edit (and no command sees it). */
export function isEditingEvent(event: InputEvent): boolean {
  if (event.kind === 'mouse') return false;
  return event.kind === 'paste' || isTextKey(event.name) || editCommandOf(event.name) !== undefined;
}

/**
 * The line after `event`, or undefined when the event is no editing key (Enter, Esc, Tab,
 * up/down: the form or screen around the field handles those). A character types; any other
 * key edits as the keymap's `edit` command bound to it.
 */
export function editLine(current: Line, event: KeyEvent, maxLength = MAX_LINE_LENGTH): Line | undefined {
  const chars = [...current.text];
  const cursor = Math.max(0, Math.min(current.cursor, chars.length));
  if (event.kind === 'paste') return insert(chars, cursor, pastedLineText(event.text), maxLength);
  if (isTextKey(event.name)) return insert(chars, cursor, event.name, maxLength);
  const command = editCommandOf(event.name);
  return command === undefined ? undefined : EDITS[command](chars, cursor);
}

/** A line with nothing typed. */
const EMPTY_LINE: Line = { text: '', cursor: 0 };

/**
 * The line after `event` while all of it is selected (a field that selects on focus): what
 * types (a character, a paste) replaces it, a key that erases erases it all, and any other
 * editing key drops the selection and edits as on a line with the cursor at its end. Undefined
 * for no editing key, as editLine.
 */
export function editSelectedLine(current: Line, event: KeyEvent, maxLength = MAX_LINE_LENGTH): Line | undefined {
  if (event.kind === 'paste' || isTextKey(event.name)) return editLine(EMPTY_LINE, event, maxLength);
  const command = editCommandOf(event.name);
  if (command !== undefined && ERASING.has(command)) return EMPTY_LINE;
  return editLine(lineAtEnd(current.text), event, maxLength);
}
