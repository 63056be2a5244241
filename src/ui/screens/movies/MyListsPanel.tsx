import { Box, Text } from 'ink';
import { useState } from 'react';
import type { ListId, ListSummary } from '../../../contract/index.js';
import type { WriteOutcome } from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { useLocalCursor } from '../../components/list-cursor.js';
import { PagedList } from '../../components/PagedList.js';
import { WriteStatus } from '../../components/WriteStatus.js';
import { fit, formatCount } from '../../format.js';
import { rowAtCursor, useOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { hintLine, reasonHint } from '../../hints.js';
import { keyHint, tabKeyHint } from '../../keymap.js';
import { useTheme } from '../../theme.js';
import { useMyLists } from '../lists/useMyLists.js';

interface MyListsPanelProps {
  /** Unique per screen entry, for the list's cursor. */
  readonly id: string;
  readonly movieId: number;
  readonly movieTitle: string;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
}

/** "[✓]" when the movie is on the list, "[ ]" when not, "[…]" while asking (list item status). */
function useStatusMark(listId: number | string, movieId: number): string {
  const status = useOperation('listItemStatus', { path: { list_id: listId }, query: { movie_id: movieId } });
  if (status.status === 'error') return '[?]';
  if (!status.data) return '[…]';
  return status.data.item_present ? '[✓]' : '[ ]';
}

function ListRow({ list, movieId, width }: { list: ListSummary; movieId: number; width: number }) {
  const mark = useStatusMark(list.id, movieId);
  const count = list.item_count == null ? '' : `${formatCount(list.item_count)} ${list.item_count === 1 ? 'movie' : 'movies'}`;
  return (
    <Text>
      {mark} {fit(list.name ?? `List ${list.id}`, Math.max(10, width - 18))} {count.padStart(12)}
    </Text>
  );
}

/**
 * On a movie: my lists, each saying whether the movie is on it (list item status); Enter puts
 * it on the highlighted list or takes it off, as a checkbox does; a adds it (E7), x removes it
 * (E6). Needs a signed-in account.
 */
export function MyListsPanel({ id, movieId, movieTitle, width, height, onClose }: MyListsPanelProps) {
  const store = useAppStore();
  const theme = useTheme();
  const kind = useAppState((s) => s.session.current.kind);
  const busy = useAppState((s) => s.lists.busy);
  const mine = useMyLists();
  // The highlighted list is the panel's own: it starts at the top each time the panel opens.
  const cursor = useLocalCursor();
  const index = cursor.cursor?.index ?? 0;
  const [outcome, setOutcome] = useState<WriteOutcome | undefined>(undefined);
  const lists = () => store.getState().lists;

  const selected = rowAtCursor(mine, index);
  // Whether the movie is on the highlighted list: the answer its row's mark shows.
  const selectedStatus = useOperation(
    'listItemStatus',
    { path: { list_id: selected?.id ?? 0 }, query: { movie_id: movieId } },
    { enabled: selected !== undefined && kind === 'user' },
  );
  const onSelected = selectedStatus.data?.item_present;
  const notNow =
    kind !== 'user'
      ? unavailable(`Lists belong to an account (${reasonHint('needsSession')})`)
      : !selected
        ? unavailable('No list is highlighted')
        : undefined;
  // The lists slice sends the writes in turn, and a toggle flips what those already asked for leave.
  const change = (write: (listId: ListId) => Promise<WriteOutcome>) =>
    notNow ??
    (() => {
      if (selected) void write(selected.id).then(setOutcome);
    });
  useCommands('screen', ['my-lists'], {
    'myLists.toggle':
      !notNow && onSelected === undefined
        ? unavailable('Still asking whether the movie is on this list')
        : change((listId) => lists().toggleMovie(listId, movieId, movieTitle, onSelected === true)),
    'myLists.add': change((listId) => lists().addMovie(listId, movieId, movieTitle)),
    'myLists.remove': change((listId) => lists().removeMovie(listId, movieId, movieTitle)),
    'myLists.close': onClose,
  });

  if (kind !== 'user') {
    return (
      <Box flexDirection="column" height={height}>
        <Text bold>My lists</Text>
        <Text>{kind === 'guest' ? 'A guest session has no lists: lists belong to an account.' : 'Lists belong to an account, and nobody is signed in.'}</Text>
        <Text>
          Press <Text bold color={theme.accent}>{keyHint('app.session')}</Text> to sign in (in the browser, or with your user name and password), then{' '}
          <Text bold color={theme.accent}>{keyHint('movie.myLists')}</Text> again. Esc closes this.
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate-end">
        My lists: [✓] has "{movieTitle}", [ ] has not
      </Text>
      <PagedList<ListSummary>
        id={id}
        cursor={cursor}
        query={mine}
        what="your lists"
        height={height - 3}
        getKey={(list) => String(list.id)}
        renderRow={(list) => <ListRow list={list} movieId={movieId} width={rowWidth(width)} />}
        emptyText={`You have no lists yet: create one in the Lists tab (${tabKeyHint('lists')}, then ${keyHint('lists.create')}).`}
      />
      <Box height={2} flexDirection="column">
        <WriteStatus busy={busy} busyLabel="Saving…" outcome={outcome} idle={<Text color={theme.muted}>{hintLine(['myLists.toggle', 'puts the movie on the highlighted list or takes it off'], ['myLists.add', 'adds'], ['myLists.remove', 'removes'], ['myLists.close', 'closes'])}</Text>} />
      </Box>
    </Box>
  );
}
