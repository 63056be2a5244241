import type { Key } from 'ink';

/**
 * The one keymap: every command, its keys, what it does and where it applies. Dispatch, the
 * `?` help overlay and the footer are all derived from this table, so a key documented in the
 * help is the key that works.
 *
 * Scopes: `global` applies everywhere (after the screen had its chance); `list`, `panel`,
 * `field` belong to the shared components; `form` and `help` to the modal form and the help
 * overlay; other scopes are a screen's own (named after the screen id).
 */

export interface Binding {
  readonly command: string;
  /** Key names as `keyName` produces them: 'j', 'G', 'down', 'enter', 'esc', 'ctrl+c', 'shift+tab'. */
  readonly keys: readonly string[];
  readonly description: string;
  readonly scope: string;
  /** Shown in the footer with this word when the command is available. */
  readonly footer?: string;
  /** How the keys are written in the help and footer, when not just the keys joined by '/'. */
  readonly label?: string;
}

export const KEYMAP = [
  // --- everywhere ---
  { command: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit, from anywhere', scope: 'global', label: 'ctrl+c' },
  { command: 'app.quit', keys: ['q'], description: "Quit (from a tab's first screen)", scope: 'global', footer: 'quit' },
  { command: 'app.back', keys: ['esc'], description: 'Go back one level (never quits)', scope: 'global', footer: 'back' },
  { command: 'app.help', keys: ['?'], description: 'Show or hide the keys of this screen', scope: 'global', footer: 'help' },
  { command: 'app.session', keys: ['s'], description: 'Sign in, start a guest session, or sign out', scope: 'global', footer: 'session' },
  { command: 'tab.select', keys: ['1', '2', '3', '4', '5'], description: 'Go to a tab: Movies, TV, Search, Lists, Certifications', scope: 'global', label: '1-5' },
  { command: 'tab.next', keys: ['tab'], description: 'Next tab', scope: 'global' },
  { command: 'tab.previous', keys: ['shift+tab'], description: 'Previous tab', scope: 'global' },

  // --- lists ---
  { command: 'list.down', keys: ['j', 'down'], description: 'Move down', scope: 'list', footer: 'move', label: 'j/↓' },
  { command: 'list.up', keys: ['k', 'up'], description: 'Move up', scope: 'list', label: 'k/↑' },
  { command: 'list.top', keys: ['g', 'home'], description: 'Go to the first row', scope: 'list', label: 'g/Home' },
  { command: 'list.bottom', keys: ['G', 'end'], description: 'Go to the last row loaded', scope: 'list', label: 'G/End' },
  { command: 'list.pageDown', keys: ['pagedown'], description: 'Page down', scope: 'list', label: 'PgDn' },
  { command: 'list.pageUp', keys: ['pageup'], description: 'Page up', scope: 'list', label: 'PgUp' },
  { command: 'list.open', keys: ['enter'], description: 'Open the selected row', scope: 'list', footer: 'open' },

  // --- panels that load something ---
  { command: 'panel.retry', keys: ['r'], description: 'Try loading again', scope: 'panel', footer: 'retry' },

  // --- text fields on screens ---
  { command: 'field.submit', keys: ['enter'], description: 'Submit what you typed', scope: 'field', footer: 'submit' },
  { command: 'field.leave', keys: ['esc', 'down'], description: 'Leave the text field', scope: 'field', footer: 'leave field', label: 'esc/↓' },

  // --- the help overlay ---
  { command: 'help.close', keys: ['?', 'esc'], description: 'Close the help', scope: 'help', footer: 'close', label: '?/esc' },
  { command: 'help.down', keys: ['j', 'down'], description: 'Scroll down', scope: 'help', footer: 'scroll', label: 'j/k' },
  { command: 'help.up', keys: ['k', 'up'], description: 'Scroll up', scope: 'help', label: 'k' },

  // --- the modal form (sessions) ---
  { command: 'form.submit', keys: ['enter'], description: 'Choose, or submit the form', scope: 'form', footer: 'submit' },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next field', scope: 'form', footer: 'next field', label: 'tab/↓' },
  { command: 'form.previous', keys: ['shift+tab', 'up'], description: 'Previous field', scope: 'form', label: 'shift+tab/↑' },
  { command: 'form.back', keys: ['esc'], description: 'Back to the choices, or close the form', scope: 'form', footer: 'back' },

  // --- screens ---
  { command: 'search.focus', keys: ['/'], description: 'Type a search', scope: 'search.home', footer: 'search' },
  { command: 'certifications.kind', keys: ['t'], description: 'Switch between TV and movie certifications', scope: 'certifications.home', footer: 'tv/movies' },
] as const satisfies readonly Binding[];

export type CommandId = (typeof KEYMAP)[number]['command'];

/** The name of a key press, in the vocabulary of KEYMAP; undefined for input that is no key (a paste). */
export function keyName(input: string, key: Key): string | undefined {
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (input.length === 1) return input;
  return undefined;
}

/** A key that types a character: a focused text field keeps these for itself. */
export function isTextKey(name: string): boolean {
  return name.length === 1 && name >= ' ';
}

export function bindingsFor(command: string): readonly Binding[] {
  return (KEYMAP as readonly Binding[]).filter((b) => b.command === command);
}

export function keyLabel(binding: Binding): string {
  return binding.label ?? binding.keys.join('/');
}

/** The bindings of `scopes` that `name` triggers, in table order. */
export function bindingsForKey(name: string, scopes: readonly string[]): Binding[] {
  return (KEYMAP as readonly Binding[]).filter((b) => scopes.includes(b.scope) && b.keys.includes(name));
}
