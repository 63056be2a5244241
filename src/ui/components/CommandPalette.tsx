import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { scrollWindow, topEntry, type RecentScreen } from '../../state/index.js';
import { Popup, unavailable, useCommandRegistry, useCommands, useRegistryVersion } from '../commands.js';
import { fieldText, fit, formatCount } from '../format.js';
import { typingHintLine } from '../hints.js';
import { keyPairHint } from '../keymap.js';
import { findRoute, screenTitle } from '../routes.js';
import { useMyLists } from '../screens/lists/useMyLists.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { useLocalCursor } from './list-cursor.js';
import { closeMatches, listMatcher, type FilterMatch } from './list-filter.js';
import { commandEntries, entryText, ownCommandsFirst, listEntries, placeEntries, recentEntries, type PaletteEntry } from './palette-entries.js';
import { Matched } from './ScrollList.js';
import { TextField } from './TextField.js';

/**
 * `:`: run a command of the screen underneath, or go to a place, by typing part of its name
 * (fuzzy, best match first, the matched characters marked). Enter does what the entry's key
 * would; Esc closes and changes nothing. The field has the focus, so every letter types (j and k
 * too); the arrows and Ctrl-N/Ctrl-P move.
 */
export function CommandPalette(props: { width: number; height: number }) {
  return (
    <Popup kind="overlay">
      <PaletteView {...props} />
    </Popup>
  );
}

/** Rows taken besides the entries: the title, the field and the hint line. */
const CHROME_ROWS = 3;
const MAX_KEYS_WIDTH = 12;

function describeRecent(recent: RecentScreen): { name: string; kind: string } | undefined {
  const kind = findRoute(recent.screen)?.recentAs;
  return kind ? { name: screenTitle({ key: '', screen: recent.screen, params: recent.params }), kind } : undefined;
}

function PaletteView({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const store = useAppStore();
  const registry = useCommandRegistry();
  const version = useRegistryVersion();
  const recent = useAppState((s) => s.nav.recent);
  const tab = useAppState((s) => s.nav.tab);
  const top = useAppState((s) => topEntry(s));
  const myLists = useMyLists();
  const [query, setQuery] = useState('');
  const cursor = useLocalCursor();

  // The screen underneath keeps its commands while hidden: they are the ones listed.
  const entries = useMemo<PaletteEntry[]>(() => {
    const elsewhere = recent.filter((visit) => !(visit.tab === tab && visit.screen === top.screen && visit.params === top.params));
    return [
      ...commandEntries(ownCommandsFirst(registry.available('screen')), (command) => registry.whyUnavailable('screen', command)),
      ...recentEntries(elsewhere, describeRecent),
      ...placeEntries((command) => registry.available('screen').some((b) => b.command === command) && registry.whyUnavailable('screen', command) === undefined),
      ...listEntries(myLists.items),
      ...commandEntries(registry.available('global'), (command) => registry.whyUnavailable('global', command)),
    ];
    // the registry changes in place; version says when.
  }, [registry, version, recent, tab, top, myLists.items]);
  const match = useMemo(() => listMatcher(entries.map((item, index) => ({ item, index, text: entryText(item) }))), [entries]);
  // Letters picked out of a long description are hidden while anything matches closely.
  const { matches, loose } = useMemo(() => closeMatches(match(query), query), [match, query]);

  const viewport = Math.max(1, height - CHROME_ROWS - (loose ? 1 : 0));
  const nav = () => store.getState().nav;
  const changeQuery = (text: string) => {
    setQuery(fieldText(text));
    cursor.reset();
  };
  const run = ({ action, name }: PaletteEntry) => {
    nav().setOverlay(null);
    switch (action.kind) {
      case 'command':
        if (!registry.runCommand(action.command, action.key)) store.getState().notifications.notify(`${name}: not available here any more`, 'info');
        return;
      case 'list':
        nav().switchTab('lists');
        nav().go('lists.detail', { id: action.id, title: action.title });
        return;
      case 'recent':
        nav().reopen(action.recent);
        return;
      case 'stats':
        nav().switchTab('lists');
        if (topEntry(store.getState()).screen !== 'lists.stats') nav().push('lists.stats');
        return;
    }
  };
  useCommands('screen', ['palette'], {
    'palette.run':
      matches.length > 0 ? () => run(matches[Math.min(cursor.current(), matches.length - 1)]!.item) : unavailable('Nothing matches: Backspace changes what you typed'),
    'palette.down': () => cursor.move(cursor.current() + 1, matches.length, viewport),
    'palette.up': () => cursor.move(cursor.current() - 1, matches.length, viewport),
    'palette.close': () => nav().setOverlay(null),
  });

  const index = Math.min(cursor.cursor?.index ?? 0, Math.max(0, matches.length - 1));
  const offset = scrollWindow(index, cursor.cursor?.offset ?? 0, matches.length, viewport);
  const keysWidth = Math.min(MAX_KEYS_WIDTH, Math.max(0, ...entries.map((entry) => entry.keys.length)) + 2);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>
          Command palette
        </Text>
        <Text color={theme.muted}> · this screen's commands, the tabs, my lists, recent titles</Text>
      </Text>
      <TextField label=":" value={query} onChange={changeQuery} focused width={width - 4} placeholder="type part of a command or a place" />
      {matches.length === 0 ? <Text color={theme.muted}>Nothing matches "{query}".</Text> : null}
      {loose ? <Text color={theme.muted}>Nothing close to "{query}": these hold its letters in order.</Text> : null}
      {matches.slice(offset, offset + viewport).map((found, i) => (
        <PaletteRow key={found.item.id} found={found} selected={offset + i === index} keysWidth={keysWidth} />
      ))}
      <Box flexGrow={1} />
      <Text color={theme.muted} wrap="truncate-end">
        {formatCount(matches.length)} of {formatCount(entries.length)} · {keyPairHint('palette.up', 'palette.down')} move ·{' '}
        {typingHintLine(['palette.run', 'runs'], ['palette.close', 'closes'])}
      </Text>
    </Box>
  );
}

/** One entry: its keys, its name and what it is, the characters typing matched marked. */
function PaletteRow({ found, selected, keysWidth }: { found: FilterMatch<PaletteEntry>; selected: boolean; keysWidth: number }) {
  const theme = useTheme();
  const { name, detail, keys } = found.item;
  // The matched text is the name, two spaces, the detail (entryText).
  const nameLength = [...name].length;
  const detailStart = nameLength + 2;
  const inName = found.positions.filter((p) => p < nameLength);
  const inDetail = found.positions.filter((p) => p >= detailStart).map((p) => p - detailStart);
  return (
    <Box height={1}>
      <Text wrap="truncate-end" color={selected ? theme.selection : undefined} bold={selected}>
        {selected ? theme.selectionGlyph : ' '} <Text color={selected ? undefined : theme.accent}>{fit(keys, keysWidth)}</Text>
        <Matched text={name} positions={inName} selected={selected} />
        {detail ? (
          <Text color={selected ? undefined : theme.muted}>
            {'  '}
            <Matched text={detail} positions={inDetail} selected={selected} />
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}
