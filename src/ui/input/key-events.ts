import type { Key } from 'ink';
import type { MouseEvent } from './mouse-events.js';

/**
 * What the input pipeline routes: one key press, or one paste (a bracketed paste arrives whole,
 * as text, and is never taken for keys).
 *
 * Key names are the keymap's vocabulary: a printable character as itself ('j', 'G', ' ', '?'),
 * or 'enter', 'esc', 'tab', 'shift+tab', 'backspace', 'delete', 'up', 'down', 'left', 'right',
 * 'home', 'end', 'pageup', 'pagedown', 'ctrl+<letter>', 'meta+<character>', 'meta+<named key>'.
 */
export type KeyEvent = { readonly kind: 'key'; readonly name: string } | { readonly kind: 'paste'; readonly text: string };

export const key = (name: string): KeyEvent => ({ kind: 'key', name });

/** What the pipeline routes: a key or a paste, or a mouse event (never seen by a text field). */
export type InputEvent = KeyEvent | MouseEvent;

/** Keys that have a name of their own rather than a character. */
export type NamedKey =
  | 'enter' | 'esc' | 'tab' | 'backspace' | 'delete'
  | 'up' | 'down' | 'left' | 'right' | 'home' | 'end' | 'pageup' | 'pagedown';

type Letter =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type Punctuation =
  | ' ' | '!' | '"' | '#' | '$' | '%' | '&' | "'" | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/'
  | ':' | ';' | '<' | '=' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '_' | '`' | '{' | '|' | '}' | '~';
/** A printable ASCII character: what a binding can name on its own. */
export type Character = Letter | Uppercase<Letter> | Digit | Punctuation;

/**
 * A key a binding can name: a character, a named key, or one with a modifier, written as the
 * pipeline names it ('ctrl+c', 'meta+b', 'shift+tab'). The modifier is part of the type, so a
 * keymap row with a key the pipeline never produces ('ctrl+C', 'pgdown') does not compile.
 */
export type KeyName =
  | Character
  | NamedKey
  | 'shift+tab'
  | `ctrl+${Letter}`
  | `meta+${Character | 'backspace' | 'delete' | 'left' | 'right'}`;

export interface KeyParts {
  /** The key without its modifier: a character or a NamedKey. */
  readonly base: string;
  readonly modifier?: 'ctrl' | 'meta' | 'shift';
}

/** A key name taken apart into its modifier and the key ('ctrl+d' -> ctrl, 'd'; '+' -> '+'). */
export function keyParts(name: string): KeyParts {
  const match = /^(ctrl|meta|shift)\+(.+)$/.exec(name);
  return match ? { base: match[2]!, modifier: match[1] as KeyParts['modifier'] } : { base: name };
}

const NAMED_KEYS: ReadonlyArray<[keyof Key, string]> = [
  ['upArrow', 'up'],
  ['downArrow', 'down'],
  ['leftArrow', 'left'],
  ['rightArrow', 'right'],
  ['pageUp', 'pageup'],
  ['pageDown', 'pagedown'],
  ['home', 'home'],
  ['end', 'end'],
  ['return', 'enter'],
  ['escape', 'esc'],
  ['backspace', 'backspace'],
  ['delete', 'delete'],
];

/** The name of one character typed on its own or inside a chunk; undefined for no key we know. */
export function characterKeyName(char: string): string | undefined {
  switch (char) {
    case '\r':
    case '\n':
      return 'enter';
    case '\t':
      return 'tab';
    case '\b':
    case '\x7f':
      return 'backspace';
    case '\x1b':
      return 'esc';
    default:
      break;
  }
  const code = char.codePointAt(0) ?? 0;
  // Ctrl-A .. Ctrl-Z (Ctrl-H, I, J, M are taken above as the keys terminals send them for).
  if (code >= 1 && code <= 26) return `ctrl+${String.fromCharCode(code + 96)}`;
  // Other C0 and C1 controls, and DEL: no key of ours, and never text.
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return undefined;
  return char;
}

/**
 * The key events of one event from Ink's parser. Ink splits escape sequences and control bytes
 * from the text around them but hands a run of typed characters ("ger", "jjj", "salt\r") over as
 * one string: the pipeline takes it apart, so each character is one key, routed in order.
 * Input Ink could not name (Ctrl+F1, odd CSI and SS3 sequences) gives no event at all.
 */
export function keyEventsFromInk(input: string | undefined, inkKey: Key): KeyEvent[] {
  const text = typeof input === 'string' ? input : '';
  // Esc and then Enter or Tab read together (fast typing, SSH lag) reach Ink as Alt+Enter or
  // Alt+Tab, which nothing here binds: they are the two keys, as typed one at a time.
  if (inkKey.meta && (inkKey.return || inkKey.tab)) return [key('esc'), key(inkKey.return ? 'enter' : 'tab')];
  if (inkKey.tab) return [key(inkKey.shift ? 'shift+tab' : 'tab')];
  // Two Escs read together reach Ink as one Esc with Alt; nobody presses Alt+Esc here.
  if (inkKey.escape && inkKey.meta) return [key('esc'), key('esc')];
  for (const [field, name] of NAMED_KEYS) {
    // With Alt: Alt+Backspace and Alt+← → edit a field by words; Esc and then an arrow read
    // together arrive the same way, and are taken apart when nothing takes them (escapeThenKey).
    if (inkKey[field] === true) return [key(inkKey.meta ? `meta+${name}` : name)];
  }
  if (inkKey.ctrl) {
    // Ink names Ctrl+letter by its letter; Ctrl with a function key or an odd sequence by more.
    return /^[a-z]$/i.test(text) ? [key(`ctrl+${text.toLowerCase()}`)] : [];
  }
  if (inkKey.meta) {
    // Alt+character arrives as ESC followed by the character.
    return [...text].length === 1 && characterKeyName(text) === text ? [key(`meta+${text}`)] : [];
  }
  const events: KeyEvent[] = [];
  for (const char of text) {
    const name = characterKeyName(char);
    if (name !== undefined) events.push(key(name));
  }
  return events;
}

/** A key that types a character: a focused text field keeps these for itself. */
export function isTextKey(name: string): boolean {
  return [...name].length === 1 && name >= ' ';
}

/** Keys that, with Alt, are most likely Esc and the key typed together (Esc then ↓ in a picker). */
const MOVING_KEYS: ReadonlySet<string> = new Set(['up', 'down', 'left', 'right', 'home', 'end', 'pageup', 'pagedown']);

/**
 * Alt+character arrives as ESC followed by the character, which is also what Esc and then the
 * character send when both reach one read: the Esc and the key, for an Alt+key nothing took.
 * So with the moving keys (ESC ESC [ B is Esc then ↓). Alt+Backspace and Alt+Delete stay what
 * they are: nobody types Esc and then erases.
 */
export function escapeThenKey(event: InputEvent): KeyEvent[] | undefined {
  if (event.kind !== 'key' || !event.name.startsWith('meta+')) return undefined;
  const rest = event.name.slice('meta+'.length);
  return [...rest].length === 1 || MOVING_KEYS.has(rest) ? [key('esc'), key(rest)] : undefined;
}
