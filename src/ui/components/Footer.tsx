import { Box, Text } from 'ink';
import { isAtRoot } from '../../state/index.js';
import { type CommandRegistry, useCommandRegistry, useRegistryVersion } from '../commands.js';
import { bindingsFor, isTextKey, keyHintName, keyLabel, keyPairHint, type Binding } from '../keymap.js';
import { useAppState } from '../store-context.js';
import { useTheme } from '../theme.js';
import { ownCommandsFirst } from './palette-entries.js';

const MAX_ITEMS = 6;

/** The keys that matter here: the top layer's footer commands, then back/quit, session and help. */
export function Footer({ width }: { width: number }) {
  const theme = useTheme();
  const registry = useCommandRegistry();
  useRegistryVersion();
  const atRoot = useAppState(isAtRoot);
  const ready = useAppState((s) => s.connection.status === 'ready');
  const textFocus = registry.hasTextFocus();
  const items = footerItems(registry, { atRoot, ready, width });
  return (
    <Box height={1} width={width}>
      <Text wrap="truncate-end">
        {items.map((b, i) => (
          <Text key={b.command}>
            {i > 0 ? '  ' : ''}
            <Text bold color={theme.accent}>
              {footerKey(b, textFocus)}
            </Text>{' '}
            <Text color={theme.muted}>{footerWordOf(registry, b)}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}

/**
 * What the footer names: the top layer's footer commands that work now, then back/quit, session,
 * settings and help. Each key once: a key the screen takes for itself (Esc closing a panel, a
 * letter of its own) is not offered again with its everywhere meaning.
 */
export function footerItems(registry: CommandRegistry, where: { atRoot: boolean; ready: boolean; width?: number }): Binding[] {
  const textFocus = registry.hasTextFocus();
  const layer = registry.topLayer();
  // While a text field has focus, letters and digits type: a key it would swallow is not offered.
  const usable = (b: Binding | undefined): b is Binding => !!b && (!textFocus || b.keys.some((k) => !isTextKey(k)));

  // The footer is short: only what works now (help also lists what is unavailable, and why).
  const works = (b: Binding) => registry.whyUnavailable(layer, b.command) === undefined;
  // A key two commands bind (Esc keeping a filter, Esc closing the picker under it) is named
  // once, with what it does now: the command of the newest component that binds it.
  const meansNow = (b: Binding) => b.keys.some((key) => registry.commandFor(layer, key) === b.command);
  // A screen's own keys (a list's a/x/C/D) before the ones every list shares (j/k, Enter): those
  // are the same everywhere, and help names them.
  const items: Binding[] = layer === 'global' ? [] : ownCommandsFirst(registry.available(layer)).filter((b) => b.footer && usable(b) && works(b) && meansNow(b));
  if (layer === 'screen' || layer === 'global') {
    const global = registry.available('global');
    // Every key the screen binds, shown or not: the screen gets it first.
    const taken = new Set(registry.available('screen').flatMap((b) => b.keys as readonly string[]));
    const pick = (command: string) => global.find((b) => b.command === command && !b.keys.some((key) => taken.has(key)));
    const leave = where.atRoot ? pick('app.quit') : pick('app.back');
    // Settings from a tab's first screen, where people look around; from anywhere else the key still works.
    const extra = [leave, where.ready ? pick('app.session') : undefined, where.atRoot && where.ready ? pick('app.settings') : undefined, pick('app.help')].filter(usable);
    // Help and quit/back first to go when there are too many: they are what people look for.
    if (where.width === undefined) items.splice(Math.max(0, MAX_ITEMS - extra.length));
    else items.splice(0, items.length, ...fitting(registry, items, extra, where.width));
    items.push(...extra);
  } else {
    items.splice(MAX_ITEMS - 1);
    items.push(...bindingsFor('app.forceQuit'));
  }
  return items;
}

/** The word the footer says for `binding`: its keymap word, or another of its row's words the screen picked for now. */
export function footerWordOf(registry: CommandRegistry, binding: Binding): string {
  return registry.footerWord(registry.topLayer(), binding.command) ?? binding.footer ?? '';
}

/**
 * Those of `items` that fit in `width` columns beside `extra` (always shown), in their order: one
 * too long for what is left is passed over for shorter ones after it. At least the first.
 */
function fitting(registry: CommandRegistry, items: readonly Binding[], extra: readonly Binding[], width: number): Binding[] {
  const textFocus = registry.hasTextFocus();
  const cells = (b: Binding) => footerKey(b, textFocus).length + 1 + footerWordOf(registry, b).length + 2;
  let used = extra.reduce((sum, b) => sum + cells(b), 0);
  const shown: Binding[] = [];
  for (const item of items) {
    if (shown.length > 0 && used + cells(item) > width) continue;
    shown.push(item);
    used += cells(item);
  }
  return shown;
}

/** The footer is short on room: the first key of each command ("j/k" for moving). */
function footerKey(binding: Binding, textFocus: boolean): string {
  if (binding.command === 'list.down') return textFocus ? keyPairHint('list.up', 'list.down', { arrow: true }) : keyPairHint('list.down', 'list.up');
  if (binding.command === 'help.down') return keyPairHint('help.down', 'help.up');
  const label = keyLabel(binding);
  return label.length <= 6 ? label : keyHintName(binding.keys[0]!);
}
