import { Box, Text, type DOMElement } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { topEntry } from '../../state/index.js';
import { Popup, type CommandRegistry, useCommandRegistry, useCommands, useMouseArea, useRegistryVersion } from '../commands.js';
import { fit, wrapText } from '../format.js';
import { bindingsFor, currentKeymap, keyHintName, keyLabel, keyPairHint, type Binding } from '../keymap.js';
import { screenTitle } from '../routes.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { wheelStep } from './list-mouse.js';
import { ownCommandsFirst } from './palette-entries.js';

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
      ? ownCommandsFirst(screen).map((binding): Line => ({ kind: 'binding', binding, unavailable: registry.whyUnavailable('screen', binding.command) }))
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
  const title = useAppState((s) => screenTitle(topEntry(s), s));
  const [offset, setOffset] = useState(0);

  // The screen underneath keeps its commands while hidden, and gains some as it finishes loading
  // (help asked for while it loads lists them once they work).
  const version = useRegistryVersion();
  const lines = useMemo<Line[]>(
    () => [...helpLines(registry, title), ...editingHelpLines()],
    // The registry changes in place; version says when.
    [registry, title, version],
  );
  const keyWidth = Math.min(16, Math.max(...lines.map((l) => (l.kind === 'binding' ? keyLabel(l.binding).length : 0))) + 2);
  const rows = useMemo(() => helpRows(lines, width, keyWidth), [lines, width, keyWidth]);
  const viewport = Math.max(1, height - 2);
  const maxOffset = Math.max(0, rows.length - viewport);

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

  return (
    <Box ref={box} flexDirection="column" height={height} width={width}>
      <Text bold color={theme.accent}>
        Help
      </Text>
      {rows.slice(offset, offset + viewport).map((row, i) => (
        <Text key={i} bold={row.kind === 'heading'} wrap="truncate-end">
          {row.keys === undefined ? '' : <Text color={theme.accent}>{row.keys}</Text>}
          {row.text}
          {row.muted ? <Text color={theme.muted}>{row.muted}</Text> : null}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text color={theme.muted}>
        {maxOffset > 0 ? `${keyPairHint('help.down', 'help.up')} scroll · ` : ''}
          {bindingsFor('help.close')[0]!.keys.map((key) => keyHintName(key)).join(' or ')} closes the help
      </Text>
    </Box>
  );
}

/** One row of the help as drawn: the keys column (on a binding's first row), then text. */
interface HelpRow {
  readonly kind: Line['kind'];
  readonly keys?: string;
  readonly text: string;
  /** Drawn muted after `text`: why the command cannot act now. */
  readonly muted?: string;
}

/**
 * The help's lines as rows of `width`: a description wraps at word ends under itself (never cut
 * mid-word), and why a command cannot act now follows on rows of its own.
 */
export function helpRows(lines: readonly Line[], width: number, keyWidth: number): HelpRow[] {
  const indent = '  ';
  const textWidth = Math.max(8, width - indent.length - keyWidth);
  const under = indent + ' '.repeat(keyWidth);
  return lines.flatMap((line): HelpRow[] => {
    switch (line.kind) {
      case 'blank':
        return [{ kind: 'blank', text: ' ' }];
      case 'heading':
        return wrapText(line.text, width).map((text) => ({ kind: 'heading', text }));
      case 'text':
        return wrapText(line.text, width - indent.length).map((text) => ({ kind: 'text', text: indent + text }));
      case 'binding': {
        // A column always parts the keys from what they do, keys cut short too.
        const keys = `${indent}${fit(keyLabel(line.binding), keyWidth - 1)} `;
        // Why it cannot act now follows the description, muted, wrapped with it.
        const text = line.unavailable === undefined ? line.binding.description : `${line.binding.description} (not now: ${line.unavailable})`;
        const mutedFrom = line.unavailable === undefined ? text.length : line.binding.description.length + 1;
        let at = 0;
        return wrapText(text, textWidth).map((row, i): HelpRow => {
          const start = text.indexOf(row, at);
          at = start + row.length;
          const split = Math.max(0, Math.min(row.length, mutedFrom - start));
          return { kind: 'binding', keys: i === 0 ? keys : under, text: row.slice(0, split), muted: row.slice(split) };
        });
      }
    }
  });
}
