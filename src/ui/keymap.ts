/**
 * The one keymap: every command, its keys, what it does and where it applies. Dispatch, the
 * `?` help overlay and the footer are all derived from this table, so a key documented in the
 * help is the key that works.
 *
 * Scopes: `global` applies everywhere (after the screen had its chance); `list`, `panel`,
 * `field` belong to the shared components; `form` and `help` to the modal form and the help
 * overlay; other scopes are a screen's own (named after the screen id).
 */

import { TABS, type TabId } from '../state/index.js';
import { isTextKey } from './input/key-events.js';

export interface Binding {
  readonly command: string;
  /** Key names as the input pipeline names them (input/key-events.ts): 'j', 'G', 'down', 'enter', 'esc', 'ctrl+c', 'shift+tab'. */
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

  // --- TV tab (tv.home, tv.detail, tv.season, tv.episode), quick rating, Certifications ---
  { command: 'tv.latest', keys: ['l'], description: 'Open the latest series of the catalog (the one added last)', scope: 'tv.home', footer: 'latest' },
  { command: 'tv.stillLanguages', keys: ['l'], description: 'Stills: next image language filter (all, a language + untagged, untagged only)', scope: 'tv.episode', footer: 'languages' },
  { command: 'tv.retryPart', keys: ['R'], description: 'Load again the part that failed (keywords, your ratings, stills, ids)', scope: 'tv.parts', footer: 'retry part' },
  { command: 'rating.open', keys: ['r'], description: 'Rate it: digits or ←/→ (0.5 steps), Enter saves and moves on', scope: 'tv.rating', footer: 'rate' },
  { command: 'rating.delete', keys: ['d'], description: 'Delete my rating of the episode (asks first)', scope: 'tv.rating', footer: 'unrate' },
  { command: 'rating.type', keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.'], description: 'Type the rating: 0.5 to 10, in steps of 0.5', scope: 'rating.form', footer: 'type', label: '0-9 .' },
  { command: 'rating.up', keys: ['right', '+', 'l'], description: 'Raise the rating by 0.5', scope: 'rating.form', footer: '+0.5', label: '→/+' },
  { command: 'rating.down', keys: ['left', '-', 'h'], description: 'Lower the rating by 0.5', scope: 'rating.form', footer: '-0.5', label: '←/-' },
  { command: 'rating.erase', keys: ['backspace', 'delete'], description: 'Erase the last character', scope: 'rating.form', label: 'backspace' },
  { command: 'rating.save', keys: ['enter'], description: 'Save the rating and move to the next episode', scope: 'rating.form', footer: 'save' },
  { command: 'rating.cancel', keys: ['esc'], description: 'Close the form without saving', scope: 'rating.form', footer: 'cancel' },
  { command: 'rating.confirmDelete', keys: ['y'], description: 'Yes, delete my rating', scope: 'rating.confirm', footer: 'delete' },
  { command: 'rating.keepRating', keys: ['n', 'esc'], description: 'No, keep my rating', scope: 'rating.confirm', footer: 'keep', label: 'n/esc' },
  { command: 'certifications.filter', keys: ['/'], description: 'Filter the countries: type a code or part of a name', scope: 'certifications.home', footer: 'filter' },
  { command: 'certifications.clearFilter', keys: ['esc'], description: 'Clear the country filter', scope: 'certifications.home', footer: 'clear filter' },
  { command: 'certifications.scrollDown', keys: ['J', 'ctrl+d'], description: "Scroll the country's certifications down", scope: 'certifications.home', label: 'J/ctrl+d' },
  { command: 'certifications.scrollUp', keys: ['K', 'ctrl+u'], description: "Scroll the country's certifications up", scope: 'certifications.home', label: 'K/ctrl+u' },

  // --- Movies, Search and Lists tabs; the movie, collection and person screens ---
  // In-screen panels first: the footer shows the first few keys available, in this order.
  { command: 'confirm.yes', keys: ['y'], description: 'Yes, go ahead', scope: 'confirm', footer: 'yes' },
  { command: 'confirm.no', keys: ['n', 'esc'], description: 'No, leave things as they are', scope: 'confirm', footer: 'no', label: 'n/esc' },
  { command: 'picker.choose', keys: ['enter'], description: 'Choose the highlighted entry (type to filter by code or name)', scope: 'picker', footer: 'choose' },
  { command: 'picker.cancel', keys: ['esc'], description: 'Close without choosing', scope: 'picker', footer: 'cancel' },
  { command: 'myLists.add', keys: ['a'], description: 'Add the movie to the highlighted list', scope: 'my-lists', footer: 'add' },
  { command: 'myLists.remove', keys: ['x'], description: 'Remove the movie from the highlighted list', scope: 'my-lists', footer: 'remove' },
  { command: 'myLists.close', keys: ['esc'], description: 'Close my lists', scope: 'my-lists', footer: 'close' },
  { command: 'movieSearch.add', keys: ['enter'], description: 'Add the highlighted movie to the list', scope: 'movie-search', footer: 'add' },
  { command: 'movieSearch.close', keys: ['esc'], description: 'Close the movie search', scope: 'movie-search', footer: 'done' },
  { command: 'image.open', keys: ['o'], description: 'Open the highlighted image in the browser', scope: 'images', footer: 'open image' },
  { command: 'image.copy', keys: ['y'], description: 'Copy the image address (to the clipboard, via the terminal)', scope: 'images', footer: 'copy address' },
  // One row for the section bar's keys (the bar on screen names them): help stays short.
  { command: 'movies.section', keys: ['p', 'n', 't', 'u', 'l', 'left', 'right'], description: 'Show a section of the bar (←/→ go round); l opens the latest movie', scope: 'movies.home', label: 'p/n/t/u/l ←/→' },
  { command: 'movies.region', keys: ['R'], description: 'Upcoming: choose the region (country), or none', scope: 'movies.upcoming', footer: 'region' },
  { command: 'movies.language', keys: ['L'], description: 'Upcoming: choose the language', scope: 'movies.upcoming', footer: 'language' },
  { command: 'movie.view', keys: ['d', 'i', 'l'], description: 'Details, images, or the lists that contain the movie', scope: 'movies.detail', footer: 'view', label: 'd/i/l' },
  { command: 'movie.myLists', keys: ['a'], description: 'Add the movie to, or remove it from, one of my lists', scope: 'movies.detail', footer: 'my lists' },
  { command: 'movie.collection', keys: ['c', 'enter'], description: 'Open the collection the movie belongs to', scope: 'movies.detail', footer: 'collection', label: 'c/enter' },
  { command: 'collection.language', keys: ['L'], description: 'Choose the language of the collection', scope: 'movies.collection', footer: 'language' },
  { command: 'search.collections', keys: ['c'], description: 'Switch between multi search and collection search', scope: 'search.home', footer: 'collections' },
  { command: 'person.view', keys: ['d', 'i', 't'], description: 'Details, profile images, or tagged images (deprecated)', scope: 'search.person', footer: 'view', label: 'd/i/t' },
  { command: 'lists.create', keys: ['n'], description: 'Create a list', scope: 'lists.home', footer: 'new list' },
  { command: 'lists.delete', keys: ['D'], description: 'Delete the highlighted list (asks first)', scope: 'lists.home', footer: 'delete' },
  { command: 'mylist.add', keys: ['a'], description: 'Add a movie: type to search, Enter adds the highlighted one', scope: 'lists.detail', footer: 'add movie' },
  { command: 'mylist.remove', keys: ['x'], description: 'Remove the highlighted movie (asks first)', scope: 'lists.detail', footer: 'remove' },
  { command: 'mylist.clear', keys: ['C'], description: 'Remove every movie from the list (asks first)', scope: 'lists.detail', footer: 'clear' },
  { command: 'mylist.delete', keys: ['D'], description: 'Delete the list (asks first)', scope: 'lists.detail', footer: 'delete list' },
  { command: 'scroll.line', keys: ['j', 'k', 'down', 'up'], description: 'Scroll the text down or up', scope: 'scroll', footer: 'scroll', label: 'j/k' },
  { command: 'scroll.page', keys: ['pagedown', 'pageup', 'g', 'G', 'home', 'end'], description: 'Scroll a page, or to the top (g) or the end (G)', scope: 'scroll', label: 'PgDn/PgUp/g/G' },
  { command: 'view.cycle', keys: ['left', 'right'], description: 'Previous or next view of this screen', scope: 'views', label: '←/→' },
] as const satisfies readonly Binding[];

export type CommandId = (typeof KEYMAP)[number]['command'];

/** A key that types a character: a focused text field keeps these for itself. */
export { isTextKey };

export function bindingsFor(command: string): readonly Binding[] {
  return (KEYMAP as readonly Binding[]).filter((b) => b.command === command);
}

export function keyLabel(binding: Binding): string {
  return binding.label ?? binding.keys.join('/');
}

/** How hints write a key name: the letters as they are, the named keys capitalized. */
const HINT_NAMES: Readonly<Record<string, string>> = {
  enter: 'Enter',
  esc: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift-Tab',
  backspace: 'Backspace',
  down: '↓',
  up: '↑',
  left: '←',
  right: '→',
  pagedown: 'PgDn',
  pageup: 'PgUp',
  home: 'Home',
  end: 'End',
};

export interface HintOptions {
  /** A text field has the focus: name a key that still works there (↓, not j). */
  readonly typing?: boolean;
  /** Name the command's arrow key (↓ rather than Tab). */
  readonly arrow?: boolean;
}

const ARROWS: readonly string[] = ['up', 'down', 'left', 'right'];

/**
 * The key that runs `command`, as prose names it ("Press r to try again"): its first key in
 * KEYMAP, so a hint always names the key that works.
 */
export function keyHint(command: CommandId, options: HintOptions = {}): string {
  const keys = bindingsFor(command)[0]?.keys ?? [];
  const key = options.arrow ? keys.find((k) => ARROWS.includes(k)) : options.typing ? keys.find((k) => !isTextKey(k)) : keys[0];
  if (key === undefined) throw new Error(`no ${options.arrow ? 'arrow ' : ''}key is bound to ${command}${options.typing ? ' that works while typing' : ''}`);
  return HINT_NAMES[key] ?? key;
}

/** "↑/↓", "j/k": the keys of two commands that go together (down and up), as one hint. */
export function keyPairHint(first: CommandId, second: CommandId, options: HintOptions = {}): string {
  return `${keyHint(first, options)}/${keyHint(second, options)}`;
}

/** A key name as hints write it ("Enter", "↓", "j"). */
export function keyHintName(key: string): string {
  return HINT_NAMES[key] ?? key;
}

/** The key that opens `tab` (the tab keys go in the tab bar's order). */
export function tabKeyHint(tab: TabId): string {
  const key = bindingsFor('tab.select')[0]?.keys[TABS.findIndex((t) => t.id === tab)];
  if (key === undefined) throw new Error(`no key opens the ${tab} tab`);
  return key;
}

/** The bindings of `scopes` that `name` triggers, in table order. */
export function bindingsForKey(name: string, scopes: readonly string[]): Binding[] {
  return (KEYMAP as readonly Binding[]).filter((b) => scopes.includes(b.scope) && b.keys.includes(name));
}
