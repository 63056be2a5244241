import { rowAtCursor } from '../../queries.js';
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { ListSummary } from '../../../contract/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { Confirm, CONFIRM_ROWS } from '../../components/Confirm.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { formatCount } from '../../format.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import { hintLine } from '../../hints.js';
import { useTheme } from '../../theme.js';
import { listSummaryRow } from '../movies/rows.js';
import type { ScreenProps } from '../screen.js';
import { CreateListForm } from './CreateListForm.js';
import { MARKED_TITLES } from './MarkedTitles.js';
import { ExportForm, ImportForm } from './TransferForms.js';
import { useMyLists } from './useMyLists.js';

/** "W watchlist · F favourites · M my ratings · S stats · I import · E export", from the keymap. */
const MARKED_HINT = [
  ...(['watchlist', 'favorites', 'rated'] as const).map((which) => `${keyHintFor('lists.marked', which)} ${MARKED_TITLES[which].toLowerCase()}`),
  `${keyHint('lists.stats')} stats`,
  `${keyHint('lists.import')} import`,
  `${keyHint('lists.export')} export`,
].join(' · ');

/** Where the watchlist, favourites and my ratings are, under the title. */
function MarkedLine() {
  const theme = useTheme();
  return (
    <Text color={theme.muted} wrap="truncate-end">
      Also: {MARKED_HINT}
    </Text>
  );
}

type Mode = { kind: 'browse' } | { kind: 'create' } | { kind: 'delete'; list: ListSummary } | { kind: 'import' } | { kind: 'export' };

/** Said wherever lists need an account and there is none. */
export function SignInNeeded({ guest }: { guest: boolean }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      <Text>{guest ? 'A guest session can rate episodes, but lists belong to an account.' : 'Lists belong to an account, and nobody is signed in.'}</Text>
      <Text>
        Press <Text bold color={theme.accent}>{keyHint('app.session')}</Text> to sign in: approve in the browser, or use your user name and password.
      </Text>
    </Box>
  );
}

/**
 * Lists tab, first screen: the signed-in account's lists with their item counts; n creates
 * one (E4), D deletes the highlighted one after asking, Enter opens it.
 */
export function MyLists({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const kind = useAppState((s) => s.session.current.kind);
  const busy = useAppState((s) => s.lists.busy);
  const mine = useMyLists();
  const listId = `${entry.key}:mine`;
  const index = useAppState((s) => s.nav.cursors[listId]?.index ?? 0);
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const lists = () => store.getState().lists;

  const signedIn = kind === 'user';
  useCommands(
    'screen',
    ['lists.home'],
    {
      'lists.marked': (which) => store.getState().nav.push('lists.marked', { which, title: MARKED_TITLES[which] }),
      'lists.stats': () => store.getState().nav.push('lists.stats'),
    },
    mode.kind === 'browse',
  );
  useCommands(
    'screen',
    ['lists.home'],
    { 'lists.import': () => setMode({ kind: 'import' }), 'lists.export': () => setMode({ kind: 'export' }) },
    signedIn && mode.kind === 'browse',
  );
  const selected = rowAtCursor(mine, index);
  useCommands(
    'screen',
    ['lists.home'],
    {
      'lists.create': () => setMode({ kind: 'create' }),
      'lists.delete': selected ? () => setMode({ kind: 'delete', list: selected }) : unavailable('There is no list to delete'),
    },
    signedIn && mode.kind === 'browse' && mine.status === 'ready',
  );

  if (!signedIn) {
    return (
      <Box flexDirection="column" height={height}>
        <ScreenTitle title="My lists" />
        <MarkedLine />
        <SignInNeeded guest={kind === 'guest'} />
      </Box>
    );
  }

  const deleteList = async (list: ListSummary) => {
    const outcome = await lists().deleteList(list.id);
    if (outcome.ok) setMode({ kind: 'browse' });
  };

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="My lists" hint={hintLine('lists.create', 'list.open', 'lists.delete')} />
      <MarkedLine />
      {mode.kind === 'import' ? <ImportForm width={width} onClose={() => setMode({ kind: 'browse' })} /> : null}
      {mode.kind === 'export' ? <ExportForm width={width} onClose={() => setMode({ kind: 'browse' })} /> : null}
      {mode.kind === 'import' || mode.kind === 'export' ? null : mode.kind === 'create' ? (
        <CreateListForm
          width={width}
          onCreated={() => setMode({ kind: 'browse' })}
          onCancel={() => setMode({ kind: 'browse' })}
        />
      ) : (
        <>
          {mode.kind === 'delete' ? (
            <Confirm
              question={`Delete "${mode.list.name ?? `list ${mode.list.id}`}"${mode.list.item_count == null ? '' : ` (${formatCount(mode.list.item_count)} ${mode.list.item_count === 1 ? 'movie' : 'movies'})`}? It cannot be undone.`}
              onYes={() => void deleteList(mode.list)}
              onNo={() => setMode({ kind: 'browse' })}
              busy={busy}
              busyLabel="Deleting the list…"
            />
          ) : null}
          <PagedList<ListSummary>
            id={listId}
            query={mine}
            what="your lists"
            height={height - 2 - (mode.kind === 'delete' ? CONFIRM_ROWS : 0)}
            active={mode.kind === 'browse'}
            getKey={(list) => String(list.id)}
            renderRow={(list) => listSummaryRow(list, rowWidth(width))}
            onOpen={(list) => store.getState().nav.push('lists.detail', { id: list.id, title: list.name ?? `List ${list.id}` })}
            emptyText={`You have no lists yet: press ${keyHint('lists.create')} to create one.`}
          />
        </>
      )}
    </Box>
  );
}
