import type { ListId } from '../../contract/index.js';
import { TABS, type RecentScreen } from '../../state/index.js';
import { printable } from '../format.js';
import { bindingsFor, commandArg, keyHintName, keyLabel, type Binding, type CommandId } from '../keymap.js';

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

/** Commands the palette does not list: itself, and the tab and settings keys (listed as places). */
const NOT_LISTED: ReadonlySet<string> = new Set(['app.palette', 'tab.select', 'app.settings']);

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
    return key === undefined ? [] : [{ id: `tab:${tab.id}`, name: tab.label, detail: 'tab', keys: keyHintName(key), action: { kind: 'command', command: 'tab.select', key } }];
  });
  const settingsKey = bindingsFor('app.settings')[0]?.keys[0];
  const settings: PaletteEntry[] =
    settingsKey === undefined
      ? []
      : [{ id: 'settings', name: 'Settings', detail: 'language and region', keys: keyHintName(settingsKey), action: { kind: 'command', command: 'app.settings', key: settingsKey } }];
  const statsKey = bindingsFor('lists.stats')[0]?.keys[0];
  const stats: PaletteEntry = {
    id: 'stats', name: 'Stats', detail: 'my ratings in figures (Lists tab)', keys: statsKey === undefined || !keyWorksHere('lists.stats') ? '' : keyHintName(statsKey), action: { kind: 'stats' },
  };
  return [...tabs, ...settings, stats];
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
