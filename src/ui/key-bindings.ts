import { commandArg, isTextKey, type Binding } from './keymap.js';

/**
 * The user's own keys (the config file's `keys:`), laid over the keymap. A command named there
 * gets exactly the keys given; a command whose keys each choose something (which tab, which
 * view) takes a key per choice, and keeps its own keys for the choices not named. Whatever is
 * wrong (an unknown command or key, a key two commands would share in one place) is a problem
 * naming the setting, and that setting is left out: the rest still applies.
 */

/** As the config file gives it: a key, several keys, or a key (or keys) per choice. */
export type KeySetting = string | readonly string[] | Readonly<Record<string, string | readonly string[]>>;

export interface KeyBindingProblem {
  /** Where in `keys:` ("list.down", or "tab.select", "movies"). */
  readonly path: readonly string[];
  readonly message: string;
}

const NAMED = ['enter', 'esc', 'tab', 'backspace', 'delete', 'up', 'down', 'left', 'right', 'home', 'end', 'pageup', 'pagedown'];

/** Other ways people write named keys. */
const ALIASES: Readonly<Record<string, string>> = {
  return: 'enter',
  escape: 'esc',
  del: 'delete',
  pgup: 'pageup',
  pgdn: 'pagedown',
  pgdown: 'pagedown',
  space: ' ',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
};

const MODIFIERS: Readonly<Record<string, 'ctrl' | 'meta' | 'shift'>> = { ctrl: 'ctrl', c: 'ctrl', control: 'ctrl', alt: 'meta', meta: 'meta', m: 'meta', option: 'meta', shift: 'shift' };

/**
 * The key name the input pipeline gives for what the user wrote ("n", "G", "Enter", "PgDn",
 * "ctrl+d", "Ctrl-D", "alt+b", "shift+tab"); undefined for no key the pipeline can name.
 */
export function keyNameOf(written: string): string | undefined {
  if ([...written].length === 1) return written >= ' ' && written <= '~' ? written : undefined;
  const modified = /^([a-z]+)[+-](.+)$/i.exec(written);
  if (modified && MODIFIERS[modified[1]!.toLowerCase()]) {
    const modifier = MODIFIERS[modified[1]!.toLowerCase()]!;
    const base = keyNameOf(modified[2]!);
    if (base === undefined) return undefined;
    if (modifier === 'ctrl') return /^[a-z]$/i.test(base) ? `ctrl+${base.toLowerCase()}` : undefined;
    if (modifier === 'shift') return base === 'tab' ? 'shift+tab' : undefined;
    return [...base].length === 1 || base === 'backspace' || base === 'delete' ? `meta+${base}` : undefined;
  }
  const lower = written.toLowerCase();
  const named = ALIASES[lower] ?? lower;
  return NAMED.includes(named) || named === ' ' ? named : undefined;
}

const asList = (keys: string | readonly string[]): readonly string[] => (typeof keys === 'string' ? [keys] : keys);

/** The keymap with the user's keys, and what could not be applied. */
export function rebindKeymap(
  keymap: readonly Binding[],
  settings: Readonly<Record<string, KeySetting>>,
): { keymap: Binding[]; problems: KeyBindingProblem[] } {
  const problems: KeyBindingProblem[] = [];
  const rebound = new Map<string, Binding>();
  const commands = [...new Set(keymap.map((binding) => binding.command))];

  for (const [command, setting] of Object.entries(settings)) {
    const binding = keymap.find((b) => b.command === command);
    if (!binding) {
      const near = commands.filter((c) => c.split('.')[0] === command.split('.')[0]).slice(0, 6);
      problems.push({ path: [command], message: `is not a command${near.length > 0 ? ` (commands like it: ${near.join(', ')})` : ''}; marquee config keys lists every command` });
      continue;
    }
    const updated = withKeys(binding, setting, (path, message) => problems.push({ path: [command, ...path], message }));
    // A focused field types every character (input/line-editor.ts): such a key could never edit.
    const typing = updated && binding.scope === 'edit' ? updated.keys.find((key) => isTextKey(key)) : undefined;
    if (typing !== undefined) {
      problems.push({ path: [command], message: `edits a text field, where the key "${typing}" types itself; give it a key that types nothing (ctrl+a, alt+b, Home...)` });
      continue;
    }
    if (updated) rebound.set(command, updated);
  }

  // A key two commands share in one place: the first in the table would always take it. Judged
  // on the table with every rebinding (so two commands can swap keys); of the two, the one set
  // later in the file is left out, and the rest judged again.
  for (;;) {
    const clash = firstClash(keymap, rebound);
    if (!clash) break;
    problems.push({ path: [clash.command], message: `would share the key ${clash.key} with ${clash.other} (both apply in ${clash.scope}); give one of them another key` });
    rebound.delete(clash.command);
  }
  return { keymap: keymap.map((binding) => rebound.get(binding.command) ?? binding), problems };
}

/** The rebinding set last in the file that shares a key with another command of its scope. */
function firstClash(keymap: readonly Binding[], rebound: ReadonlyMap<string, Binding>) {
  const current = (binding: Binding) => rebound.get(binding.command) ?? binding;
  for (const command of [...rebound.keys()].reverse()) {
    const binding = rebound.get(command)!;
    for (const key of binding.keys) {
      const other = keymap.find((b) => b.command !== command && b.scope === binding.scope && current(b).keys.includes(key as never));
      if (other) return { command, key, other: other.command, scope: binding.scope };
    }
  }
  return undefined;
}

/** `binding` with the keys `setting` gives it; undefined (with the problems said) when they cannot apply. */
function withKeys(binding: Binding, setting: KeySetting, problem: (path: string[], message: string) => void): Binding | undefined {
  const parse = (keys: readonly string[], path: string[]): string[] | undefined => {
    const names = keys.map((key) => ({ key, name: keyNameOf(key) }));
    const unknown = names.find((entry) => entry.name === undefined);
    if (unknown) {
      problem(path, `names a key Marquee cannot read ("${unknown.key}"): use a character ("n", "G"), a named key (Enter, Esc, Tab, Up, PgDn, Home...) or a modifier (ctrl+d, alt+b, shift+tab)`);
      return undefined;
    }
    return [...new Set(names.map((entry) => entry.name!))];
  };

  const choices = binding.args ? [...new Set(Object.values(binding.args))] : [];
  if (choices.length === 0) {
    if (typeof setting !== 'string' && !Array.isArray(setting)) {
      problem([], 'takes a key or a list of keys, not a key per choice');
      return undefined;
    }
    const keys = parse(asList(setting as string | readonly string[]), []);
    return keys && { ...binding, keys: keys as Binding['keys'] };
  }

  if (typeof setting === 'string' || Array.isArray(setting)) {
    problem([], `takes a key per choice (${choices.join(', ')}), such as {${choices.slice(0, 2).map((c) => `${c}: ...`).join(', ')}}`);
    return undefined;
  }
  const perChoice = setting as Readonly<Record<string, string | readonly string[]>>;
  const unknownChoice = Object.keys(perChoice).find((choice) => !choices.includes(choice));
  if (unknownChoice !== undefined) {
    problem([unknownChoice], `is not one of its choices (${choices.join(', ')})`);
    return undefined;
  }
  const keys: string[] = [];
  const args: Record<string, string> = {};
  for (const choice of choices) {
    const given = perChoice[choice];
    const chosen = given === undefined ? binding.keys.filter((key) => commandArg(binding, key) === choice) : parse(asList(given), [choice]);
    if (chosen === undefined) return undefined;
    for (const key of chosen) {
      if (args[key] !== undefined) {
        problem([choice], `would share the key ${key} with the choice ${args[key]}`);
        return undefined;
      }
      keys.push(key);
      args[key] = choice;
    }
  }
  return { ...binding, keys: keys as Binding['keys'], args: args };
}
