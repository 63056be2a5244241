import { Box, Text, type DOMElement } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { topEntry } from '../../state/index.js';
import { Popup, type CommandRegistry, useCommandRegistry, useCommands, useMouseArea, useRegistryVersion } from '../commands.js';
import { fit } from '../format.js';
import { bindingsFor, currentKeymap, keyHintName, keyLabel, keyPairHint, type Binding } from '../keymap.js';
import { screenTitle } from '../routes.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { wheelStep } from './list-mouse.js';

export type Line = { kind: 'heading'; text: string } | { kind: 'text'; text: string } | { kind: 'binding'; binding: Binding; unavailable?: string } | { kind: 'blank' };

/**
 * The lines of the help: the keys of the screen, then the keys that work everywhere, each key
 * once. A key the screen takes for itself (Esc that clears a filter, digits that type a year)
 * is not listed again under Everywhere, where it would name what it does not do here.
 */
export function helpLines(registry: CommandRegistry, title: string): Line[] {
  const screen = registry.available('screen');
  const taken = new Set(screen.flatMap((binding) => binding.keys as readonly string[]));
  const global = registry.available('global').flatMap((binding): Binding[] => {
    const keys = binding.keys.filter((key) => !taken.has(key));
    return keys.length === 0 ? [] : [keys.length === binding.keys.length ? binding : { ...binding, keys }];
  });
  return [
    // First, so it is seen without scrolling.
    ...(registry.mouse
      ? [
          { kind: 'heading', text: 'Mouse: on (mouse: true in the config file)' } as Line,
          { kind: 'text', text: 'Click a row to highlight it, click it again to open it; the wheel scrolls; click a tab to go there' } as Line,
          { kind: 'blank' } as Line,
        ]
      : []),
    { kind: 'heading', text: `Keys on this screen (${title})` },
    ...(screen.length > 0
      ? screen.map((binding): Line => ({ kind: 'binding', binding, unavailable: registry.whyUnavailable('screen', binding.command) }))
      : [{ kind: 'heading', text: '  (none besides the ones below)' } as Line]),
    { kind: 'blank' },
    { kind: 'heading', text: 'Everywhere' },
    ...global.map((binding): Line => ({ kind: 'binding', binding })),
  ];
}

/**
 * The lines of the help about any focused text field: its editing keys (the keymap's `edit`
 * commands, as rebound). Apart from helpLines, which is about this screen's keys: a field takes
 * these before the screen does, so ← here and ← on the screen are two places, not one key named
 * twice.
 */
export function editingHelpLines(): Line[] {
  return [
    { kind: 'blank' },
    { kind: 'heading', text: 'In a text field (search, filters, forms)' },
    ...currentKeymap()
      .filter((binding) => binding.scope === 'edit')
      .map((binding): Line => ({ kind: 'binding', binding })),
  ];
}

/**
 * `?`: the keys of the current screen, then the keys that work everywhere, then the keys that
 * edit a text field. While open it takes
 * every key; `?` or Esc closes it.
 */
export function HelpOverlay(props: { height: number; width: number }) {
  return (
    <Popup kind="overlay">
      <HelpView {...props} />
    </Popup>
  );
}

function HelpView({ height, width }: { height: number; width: number }) {
  const theme = useTheme();
  const store = useAppStore();
  const registry = useCommandRegistry();
  const title = useAppState((s) => screenTitle(topEntry(s)));
  const [offset, setOffset] = useState(0);

  // The screen underneath keeps its commands while hidden, and gains some as it finishes loading
  // (help asked for while it loads lists them once they work).
  const version = useRegistryVersion();
  const lines = useMemo<Line[]>(
    () => [...helpLines(registry, title), ...editingHelpLines()],
    // The registry changes in place; version says when.
    [registry, title, version],
  );
  const viewport = Math.max(1, height - 2);
  const maxOffset = Math.max(0, lines.length - viewport);

  const scrollBy = (step: number) => setOffset((o) => Math.max(0, Math.min(maxOffset, o + step)));
  useCommands('screen', ['help'], {
    'help.close': () => store.getState().nav.toggleHelp(false),
    'help.down': () => scrollBy(1),
    'help.up': () => scrollBy(-1),
  });
  // The wheel scrolls the help as its keys do, a turn as many lines as it moves a list.
  const box = useRef<DOMElement>(null);
  useMouseArea(
    box,
    (event) => {
      const wheel = wheelStep(event);
      if (wheel === undefined) return false;
      scrollBy(wheel);
      return true;
    },
    { scrolls: true },
  );

  const keyWidth = Math.min(16, Math.max(...lines.map((l) => (l.kind === 'binding' ? keyLabel(l.binding).length : 0))) + 2);
  return (
    <Box ref={box} flexDirection="column" height={height} width={width}>
      <Text bold color={theme.accent}>
        Help
      </Text>
      {lines.slice(offset, offset + viewport).map((line, i) => {
        if (line.kind === 'blank') return <Text key={i}> </Text>;
        if (line.kind === 'text') {
          return (
            <Text key={i} wrap="truncate-end">
              {'  '}
              {line.text}
            </Text>
          );
        }
        if (line.kind === 'heading') {
          return (
            <Text key={i} bold>
              {line.text}
            </Text>
          );
        }
        return (
          <Text key={i} wrap="truncate-end">
            {'  '}
            {/* A column always parts the keys from what they do, keys cut short too. */}
            <Text color={theme.accent}>{fit(keyLabel(line.binding), keyWidth - 1)} </Text>
            {line.binding.description}
            {line.unavailable ? <Text color={theme.muted}> (not now: {line.unavailable})</Text> : null}
          </Text>
        );
      })}
      <Box flexGrow={1} />
      <Text color={theme.muted}>
        {maxOffset > 0 ? `${keyPairHint('help.down', 'help.up')} scroll · ` : ''}
          {bindingsFor('help.close')[0]!.keys.map((key) => keyHintName(key)).join(' or ')} closes the help
      </Text>
    </Box>
  );
}
