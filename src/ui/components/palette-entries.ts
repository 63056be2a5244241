import type { ListId } from '../../contract/index.js';
import { TABS, type RecentScreen } from '../../state/index.js';
import { printable } from '../format.js';
import { bindingsFor, commandArg, keyHintName, keyLabel, type Binding, type CommandId } from '../keymap.js';
import { MARKED_TITLES, type Marked } from '../screens/lists/MarkedTitles.js';
import { closeMatches, listMatcher, type FilterMatch } from './list-filter.js';

/**
 * What the `:` palette lists: the commands of the current screen and the global ones (the
 * footer's and help's, from the command registry), and the places to go to (the tabs, settings,
 * my lists, the films, series and people visited this run). Each says what to do when chosen;
 * the palette does it.
 */

export type PaletteAction =
  /** Runs the command as the key would. */
  | { readonly kind: 'command'; readonly command: CommandId; readonly key: string }
  | { readonly kind: 'list'; readonly id: ListId; readonly title: string }
  /** The Stats view, opened on the Lists tab. */
  | { readonly kind: 'stats' }
  /** My watchlist, favourites or ratings, opened on the Lists tab. */
  | { readonly kind: 'marked'; readonly which: Marked; readonly title: string }
  | { readonly kind: 'recent'; readonly recent: RecentScreen };

export interface PaletteEntry {
  /** Unique among the entries (React key). */
  readonly id: string;
  /** What it is called: what typing matches first, and what the row shows first. */
  readonly name: string;
  /** What it does or what kind of place it is, shown after the name (typing matches it too). */
  readonly detail: string;
  /** The keys that do the same, as hints write them; '' for a place no key goes to. */
  readonly keys: string;
  readonly action: PaletteAction;
}

/** Commands the palette does not list: itself, and the keys of places (listed as places, from anywhere). */
const NOT_LISTED: ReadonlySet<string> = new Set(['app.palette', 'tab.select', 'app.settings', 'lists.marked']);

/** The scopes of the components every screen shares (moving in a list, scrolling): listed after the screen's own. */
const SHARED_SCOPES: ReadonlySet<string> = new Set(['list', 'panel', 'field', 'scroll', 'views']);

/** A screen's bindings with its own commands first, then the shared ones, each in keymap order. */
export function ownCommandsFirst(bindings: readonly Binding[]): Binding[] {
  return [...bindings.filter((b) => !SHARED_SCOPES.has(b.scope)), ...bindings.filter((b) => SHARED_SCOPES.has(b.scope))];
}

/** Argument values as words: 'nowPlaying' -> 'Now playing', 'tv' -> 'TV'. */
function argWords(arg: string): string {
  if (arg === 'tv') return 'TV';
  const words = arg.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The commands of `bindings` as entries, in their order. A command whose keys each choose
 * something (a view, a section) is one entry per choice, named by the choice. `whyNot` says why a
 * command cannot act now: such a command is not listed, the palette offers only what works here
 * (help lists it, with the reason).
 */
export function commandEntries(bindings: readonly Binding[], whyNot: (command: string) => string | undefined): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  for (const binding of bindings) {
    if (NOT_LISTED.has(binding.command)) continue;
    const command = binding.command as CommandId;
    if (whyNot(command) !== undefined) continue;
    if (!binding.args) {
      const key = binding.keys[0];
      if (key === undefined) continue;
      // The footer's word names it, unless the description starts with that word anyway.
      const named = binding.footer !== undefined && !binding.description.toLowerCase().startsWith(binding.footer.toLowerCase());
      const name = named ? capitalized(binding.footer) : binding.description;
      entries.push({ id: command, name, detail: named ? binding.description : '', keys: keyLabel(binding), action: { kind: 'command', command, key } });
      continue;
    }
    // One entry per choice, with every key that makes it.
    const choices = new Map<string, string[]>();
    for (const key of binding.keys) {
      const arg = commandArg(binding, key);
      if (arg !== undefined) choices.set(arg, [...(choices.get(arg) ?? []), key]);
    }
    for (const [arg, keys] of choices) {
      entries.push({
        id: `${command}:${arg}`,
        name: argWords(arg),
        detail: binding.description,
        keys: keys.map(keyHintName).join('/'),
        action: { kind: 'command', command, key: keys[0]! },
      });
    }
  }
  return entries;
}

/**
 * The tabs, by name, each with its key, and the settings screen: chosen, each runs its key's
 * command. Stats is a place too (chosen, it opens on the Lists tab); its key is named only where
 * the key opens it (`keyWorksHere`), not where it does nothing.
 */
export function placeEntries(keyWorksHere: (command: CommandId) => boolean = () => true): PaletteEntry[] {
  const tabBinding = bindingsFor('tab.select')[0];
  const tabs = TABS.flatMap((tab): PaletteEntry[] => {
    const key = tabBinding?.keys.find((k) => commandArg(tabBinding, k) === tab.id);
    return key === undefined ? [] : [{ id: `tab:${tab.id}`, name: tab.label, detail: tabBinding!.description, keys: keyHintName(key), action: { kind: 'command', command: 'tab.select', key } }];
  });
  // A place with a key says what its keymap row says, as help does for that key.
  const settingsBinding = bindingsFor('app.settings')[0];
  const settingsKey = settingsBinding?.keys[0];
  const settings: PaletteEntry[] =
    settingsKey === undefined
      ? []
      : [{ id: 'settings', name: 'Settings', detail: settingsBinding!.description, keys: keyHintName(settingsKey), action: { kind: 'command', command: 'app.settings', key: settingsKey } }];
  const statsBinding = bindingsFor('lists.stats')[0];
  const statsKey = statsBinding?.keys[0];
  const statsHere = statsKey !== undefined && keyWorksHere('lists.stats');
  const stats: PaletteEntry = {
    id: 'stats', name: 'Stats', detail: statsHere ? statsBinding!.description : 'my ratings in figures (Lists tab)', keys: statsHere ? keyHintName(statsKey) : '', action: { kind: 'stats' },
  };
  // Each of my marked lists, from any screen (their keys work on the Lists tab).
  const markedBinding = bindingsFor('lists.marked')[0];
  const marked = (Object.keys(MARKED_TITLES) as Marked[]).map((which): PaletteEntry => {
    const key = markedBinding?.keys.find((k) => commandArg(markedBinding, k) === which);
    return { id: `marked:${which}`, name: MARKED_TITLES[which], detail: key === undefined ? 'mine (Lists tab)' : `${markedBinding!.description} (Lists tab)`, keys: key === undefined ? '' : keyHintName(key), action: { kind: 'marked', which, title: MARKED_TITLES[which] } };
  });
  return [...tabs, ...settings, stats, ...marked];
}

/** The signed-in account's lists, by name. */
export function listEntries(lists: readonly { readonly id: ListId; readonly name?: string | null }[]): PaletteEntry[] {
  return lists.map((list) => {
    const title = list.name ? printable(list.name) : `List ${list.id}`;
    return { id: `list:${list.id}`, name: title, detail: 'my list', keys: '', action: { kind: 'list', id: list.id, title } };
  });
}

/** The films, series and people visited this run, newest first, named by their titles. */
export function recentEntries(recent: readonly RecentScreen[], describe: (recent: RecentScreen) => { name: string; kind: string } | undefined): PaletteEntry[] {
  return recent.flatMap((visit, i): PaletteEntry[] => {
    const described = describe(visit);
    return described ? [{ id: `recent:${i}:${visit.screen}`, name: described.name, detail: `recent ${described.kind}`, keys: '', action: { kind: 'recent', recent: visit } }] : [];
  });
}

/** The text typing is matched against: the name, then the detail. */
export function entryText(entry: PaletteEntry): string {
  return entry.detail ? `${entry.name}  ${entry.detail}` : entry.name;
}

/**
 * What typing finds among the entries: those whose name matches closely come first, best first,
 * then those that match with their detail too. A name is what people type: every section of the
 * Movies tab shares one description that names Discover, and "discover" must find Discover before
 * Popular. Only close matches are given while there are any (closeMatches); `loose` says when not.
 */
export function paletteMatcher(entries: readonly PaletteEntry[]): (query: string) => { matches: readonly FilterMatch<PaletteEntry>[]; loose: boolean } {
  const byName = listMatcher(entries.map((item, index) => ({ item, index, text: item.name })));
  const byText = listMatcher(entries.map((item, index) => ({ item, index, text: entryText(item) })));
  return (query) => {
    const all = closeMatches(byText(query), query);
    if (query.trim() === '') return all;
    const named = closeMatches(byName(query), query);
    // The name starts entryText: its matched characters are where the row draws them.
    const first = named.loose ? [] : named.matches.map((found) => ({ ...found, text: entryText(found.item) }));
    const firstIndexes = new Set(first.map((found) => found.index));
    return { matches: [...first, ...all.matches.filter((found) => !firstIndexes.has(found.index))], loose: first.length === 0 && all.loose };
  };
}
