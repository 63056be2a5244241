import type { ListCursor } from './navigation/cursors.js';
import type { ScreenEntry, ScreenParams } from './navigation/screens.js';

export type TabId = 'movies' | 'tv' | 'search' | 'lists' | 'certifications';

export interface TabInfo {
  readonly id: TabId;
  readonly label: string;
  /** The screen at the bottom of the tab's stack. */
  readonly root: string;
}

/** The tabs, in the order of the tab bar and of the 1-5 keys. */
export const TABS: readonly TabInfo[] = [
  { id: 'movies', label: 'Movies', root: 'movies.home' },
  { id: 'tv', label: 'TV', root: 'tv.home' },
  { id: 'search', label: 'Search', root: 'search.home' },
  { id: 'lists', label: 'Lists', root: 'lists.home' },
  { id: 'certifications', label: 'Certifications', root: 'certifications.home' },
];

/**
 * Screen id -> the parameters it is pushed with. The UI's route table fills this in (by module
 * augmentation), so `push` takes only the parameters of the screen named, and state never
 * names a screen's component.
 */
export interface ScreenParamsById {}

export type ScreenId = Extract<keyof ScreenParamsById, string>;

/** `push('tv.latest')` for a screen that takes nothing; otherwise the parameters are required. */
export type PushArgs<K extends ScreenId> = {} extends ScreenParamsById[K] ? [params?: ScreenParamsById[K]] : [params: ScreenParamsById[K]];

/** What covers the current screen: the keys of the screen (help), or the command palette. */
export type Overlay = 'help' | 'palette';
export type Modal = 'session';

/** A screen visited this run that can be gone back to by name (a film, a series, a person). */
export interface RecentScreen {
  readonly tab: TabId;
  readonly screen: string;
  readonly params: ScreenParams;
}

/** How many recent screens are kept: enough to find one again, few enough to read. */
export const RECENT_LIMIT = 12;

export interface NavigationSlice {
  readonly tab: TabId;
  readonly stacks: Readonly<Record<TabId, readonly ScreenEntry[]>>;
  readonly overlay: Overlay | null;
  readonly modal: Modal | null;
  readonly cursors: Readonly<Record<string, ListCursor>>;
  /** Screens visited this run that `remember` was told of, newest first, each once. */
  readonly recent: readonly RecentScreen[];
  switchTab(tab: TabId): void;
  cycleTab(step: 1 | -1): void;
  /**
   * Opens a screen on top of the tab's stack. When that screen (same id, same parameters but its
   * title and view) is already on the stack, goes back to it instead of stacking it again, so
   * following links in a circle (a film, its collection, the same film) never piles up screens
   * and Esc goes back one hop per press.
   */
  push<K extends ScreenId>(screen: K, ...params: PushArgs<K>): void;
  /**
   * Puts a screen in place of the one on top (the next episode instead of this one): Esc still
   * goes back to what was under it. At a tab's root it pushes instead.
   */
  replaceTop<K extends ScreenId>(screen: K, ...params: PushArgs<K>): void;
  /** Follows a link to a screen: the same as `push`, which never stacks a screen twice. */
  go<K extends ScreenId>(screen: K, ...params: PushArgs<K>): void;
  /**
   * Keeps more about a screen on its entry (which view it shows), so going back to it finds it
   * as it was left. Parameters named in SCREEN_STATE_PARAMS do not change where the entry leads.
   */
  setEntryParams(key: string, params: ScreenParams): void;
  /** Goes back one level in the current tab; false when already at its root. */
  pop(): boolean;
  toggleHelp(open?: boolean): void;
  /** Opens an overlay over the current screen (in place of another), or closes it with null. */
  setOverlay(overlay: Overlay | null): void;
  /**
   * Keeps `entry` of `tab` among the recent screens: first, and only once however often it is
   * visited (by where it leads, as `go` judges it); the oldest go past RECENT_LIMIT.
   */
  remember(tab: TabId, entry: ScreenEntry): void;
  /** Goes to a recent screen: to its tab, then to it there as `go` does (no duplicate on the stack). */
  reopen(recent: RecentScreen): void;
  openModal(modal: Modal): void;
  closeModal(): void;
  /** Moves a list's cursor to `index` (clamped), scrolling so it stays within `viewport` rows. */
  moveCursor(listId: string, index: number, count: number, viewport: number): void;
  resetCursor(listId: string): void;
  /** Puts a cursor where it is told, the rows in view included (a document moving from link to link). */
  placeCursor(listId: string, cursor: ListCursor): void;
  /**
   * A tab's first screen takes its title from its parameters (the breadcrumb reads them), so a
   * tab whose first screen switches between views keeps the view there too. The entry keeps its
   * key: the screen stays mounted and its list cursors stay where they were.
   */
  setRootParams(tab: TabId, params: ScreenParams): void;
}

export function rootEntry(tab: TabInfo): ScreenEntry {
  return { key: `${tab.id}:root`, screen: tab.root, params: {} };
}

export function topEntry(state: { readonly nav: NavigationSlice }, tab: TabId = state.nav.tab): ScreenEntry {
  const stack = state.nav.stacks[tab];
  return stack[stack.length - 1]!;
}

export function isAtRoot(state: { readonly nav: NavigationSlice }): boolean {
  return state.nav.stacks[state.nav.tab].length <= 1;
}

/** The parts of the store the navigation slice uses. */
export type NavigationStore = { readonly nav: NavigationSlice };

// The slice itself is navigation/slice.ts (the store imports it there): this module keeps the
// types the route table augments (ScreenParamsById) and what screens read of the state.
export * from './navigation/cursors.js';
export * from './navigation/screens.js';
