import { patchSlice, type SliceContext } from './slice.js';

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

/** A screen's parameters as the stack keeps them (typed again by the route table when drawn). */
export type ScreenParams = Readonly<Record<string, unknown>>;

/** One level of a tab's stack: which screen, with what, under a key unique for the run. */
export interface ScreenEntry {
  readonly key: string;
  readonly screen: string;
  readonly params: ScreenParams;
}

/** `push('tv.latest')` for a screen that takes nothing; otherwise the parameters are required. */
type PushArgs<K extends ScreenId> = {} extends ScreenParamsById[K] ? [params?: ScreenParamsById[K]] : [params: ScreenParamsById[K]];

/** Where a list's cursor is, and the first row shown. */
export interface ListCursor {
  readonly index: number;
  readonly offset: number;
}

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

/** Keeps `index` inside [offset, offset + viewport) with the least scrolling. */
export function scrollWindow(index: number, offset: number, count: number, viewport: number): number {
  const rows = Math.max(1, viewport);
  let first = Math.min(offset, index);
  if (index >= first + rows) first = index - rows + 1;
  return Math.max(0, Math.min(first, Math.max(0, count - rows)));
}

/** The cursor after moving to `index` (clamped to the list), with the rows in view following it. */
export function movedCursor(previous: ListCursor, index: number, count: number, viewport: number): ListCursor {
  const clamped = Math.max(0, Math.min(index, count - 1));
  return { index: clamped, offset: scrollWindow(clamped, previous.offset, count, viewport) };
}

/**
 * Parameters that only name a screen (its breadcrumb title, a hint) or say how it was left (the
 * view it shows) do not make it another screen.
 */
export const SCREEN_STATE_PARAMS: ReadonlySet<string> = new Set(['title', 'knownFor', 'view']);

/** Whether two screens' parameters lead to the same place (the same film, the same person). */
function sameTarget(a: ScreenParams, b: ScreenParams): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)].filter((name) => !SCREEN_STATE_PARAMS.has(name)));
  return [...names].every((name) => a[name] === b[name]);
}

/** The parts of the store this slice uses. */
type NavigationStore = { readonly nav: NavigationSlice };

export function createNavigationSlice({ set, get }: SliceContext<NavigationStore>): NavigationSlice {
  let nextKey = 1;
  const stacks = Object.fromEntries(TABS.map((t) => [t.id, [rootEntry(t)]])) as Record<TabId, ScreenEntry[]>;

  return {
    tab: 'movies',
    stacks,
    overlay: null,
    modal: null,
    cursors: {},
    recent: [],
    switchTab(tab) {
      patchSlice(set, 'nav', (n) => (n.tab === tab ? {} : { tab }));
    },
    cycleTab(step) {
      const index = TABS.findIndex((t) => t.id === get().nav.tab);
      get().nav.switchTab(TABS[(index + step + TABS.length) % TABS.length]!.id);
    },
    push(screen, ...[params]) {
      const wanted = (params ?? {}) as ScreenParams;
      const { tab, stacks, cursors } = get().nav;
      const stack = stacks[tab];
      const at = stack.findIndex((entry) => entry.screen === screen && sameTarget(entry.params, wanted));
      if (at === -1) {
        const entry: ScreenEntry = { key: `s${nextKey++}`, screen, params: wanted };
        patchSlice(set, 'nav', { stacks: { ...stacks, [tab]: [...stack, entry] } });
        return;
      }
      if (at === stack.length - 1) return;
      const gone = new Set(stack.slice(at + 1).map((entry) => entry.key));
      // The screens left behind take their list positions with them.
      const kept = Object.fromEntries(Object.entries(cursors).filter(([id]) => !gone.has(id.slice(0, id.indexOf(':')))));
      patchSlice(set, 'nav', { stacks: { ...stacks, [tab]: stack.slice(0, at + 1) }, cursors: kept });
    },
    replaceTop(screen, ...[params]) {
      const entry: ScreenEntry = { key: `s${nextKey++}`, screen, params: (params ?? {}) as ScreenParams };
      patchSlice(set, 'nav', (n) => {
        const stack = n.stacks[n.tab];
        if (stack.length <= 1) return { stacks: { ...n.stacks, [n.tab]: [...stack, entry] } };
        const gone = stack[stack.length - 1]!;
        const cursors = Object.fromEntries(Object.entries(n.cursors).filter(([id]) => !id.startsWith(`${gone.key}:`)));
        return { stacks: { ...n.stacks, [n.tab]: [...stack.slice(0, -1), entry] }, cursors };
      });
    },
    go(screen, ...params) {
      get().nav.push(screen, ...params);
    },
    setEntryParams(key, params) {
      patchSlice(set, 'nav', (nav) => {
        const stack = nav.stacks[nav.tab];
        const at = stack.findIndex((entry) => entry.key === key);
        const entry = stack[at];
        if (!entry || Object.entries(params).every(([name, value]) => entry.params[name] === value)) return {};
        const next = [...stack];
        next[at] = { ...entry, params: { ...entry.params, ...params } };
        return { stacks: { ...nav.stacks, [nav.tab]: next } };
      });
    },
    pop() {
      const { tab, stacks, cursors } = get().nav;
      const stack = stacks[tab];
      if (stack.length <= 1) return false;
      const gone = stack[stack.length - 1]!;
      // The popped screen's list positions go with it.
      const kept = Object.fromEntries(Object.entries(cursors).filter(([id]) => !id.startsWith(`${gone.key}:`)));
      patchSlice(set, 'nav', { stacks: { ...stacks, [tab]: stack.slice(0, -1) }, cursors: kept });
      return true;
    },
    toggleHelp(open) {
      patchSlice(set, 'nav', (n) => {
        const overlay: Overlay | null = (open ?? n.overlay !== 'help') ? 'help' : null;
        return n.overlay === overlay ? {} : { overlay };
      });
    },
    setOverlay(overlay) {
      patchSlice(set, 'nav', (n) => (n.overlay === overlay ? {} : { overlay }));
    },
    remember(tab, entry) {
      patchSlice(set, 'nav', (n) => {
        const visit: RecentScreen = { tab, screen: entry.screen, params: entry.params };
        const first = n.recent[0];
        if (first && first.tab === tab && first.screen === entry.screen && first.params === entry.params) return {};
        const others = n.recent.filter((r) => !(r.screen === entry.screen && sameTarget(r.params, entry.params)));
        return { recent: [visit, ...others].slice(0, RECENT_LIMIT) };
      });
    },
    reopen(recent) {
      get().nav.switchTab(recent.tab);
      // Its screen and parameters were checked by `push` when it was first visited.
      get().nav.go(recent.screen as ScreenId, ...([recent.params] as PushArgs<ScreenId>));
    },
    openModal(modal) {
      patchSlice(set, 'nav', { modal, overlay: null });
    },
    closeModal() {
      patchSlice(set, 'nav', { modal: null });
    },
    moveCursor(listId, index, count, viewport) {
      patchSlice(set, 'nav', (n) => {
        const previous = n.cursors[listId] ?? { index: 0, offset: 0 };
        const next = movedCursor(previous, index, count, viewport);
        if (previous.index === next.index && previous.offset === next.offset) return {};
        return { cursors: { ...n.cursors, [listId]: next } };
      });
    },
    setRootParams(tab, params) {
      patchSlice(set, 'nav', (nav) => {
        const [root, ...rest] = nav.stacks[tab];
        if (!root || Object.entries(params).every(([name, value]) => root.params[name] === value)) return {};
        return { stacks: { ...nav.stacks, [tab]: [{ ...root, params: { ...root.params, ...params } }, ...rest] } };
      });
    },
    placeCursor(listId, cursor) {
      patchSlice(set, 'nav', (n) => {
        const previous = n.cursors[listId];
        if (previous && previous.index === cursor.index && previous.offset === cursor.offset) return {};
        return { cursors: { ...n.cursors, [listId]: cursor } };
      });
    },
    resetCursor(listId) {
      patchSlice(set, 'nav', (n) => {
        if (!(listId in n.cursors)) return {};
        const { [listId]: _removed, ...rest } = n.cursors;
        return { cursors: rest };
      });
    },
  };
}
