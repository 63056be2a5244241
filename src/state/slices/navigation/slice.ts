import { RECENT_LIMIT, rootEntry, TABS, type NavigationStore, type NavigationSlice, type Overlay, type PushArgs, type RecentScreen, type ScreenId, type TabId } from '../navigation.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import { movedCursor } from './cursors.js';
import { sameTarget, type ScreenEntry, type ScreenParams } from './screens.js';

/**
 * Navigation: the tab shown, each tab's stack of screens, the overlay and the modal, list
 * cursors and the recent screens. Every action is one change of the slice; the types it keeps
 * are in navigation.ts (the route table augments the screens' parameters there).
 */
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
