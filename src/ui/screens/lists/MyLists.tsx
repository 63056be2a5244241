import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { MY_LISTS, type ListSummary } from '../../../state/index.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { fit, formatCount } from '../../format.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../registry.js';

function listRow(list: ListSummary, width: number): string {
  const count = `${formatCount(list.item_count)} ${list.item_count === 1 ? 'movie' : 'movies'}`;
  const nameWidth = Math.max(10, Math.floor(width * 0.45));
  const rest = width - nameWidth - 12;
  return `${fit(list.name, nameWidth)} ${count.padStart(10)} ${rest > 5 ? list.description.replace(/\s+/g, ' ') : ''}`;
}

/** Lists tab, first screen: the signed-in account's lists; without an account, how to sign in. */
export function MyLists({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const kind = useAppState((s) => s.session.current.kind);
  const accountId = useAppState((s) => (s.session.current.kind === 'user' ? s.session.current.accountId : undefined));
  useEffect(() => {
    if (accountId !== undefined) void store.getState().lists.loadMine();
  }, [store, accountId]);

  if (kind !== 'user') {
    return (
      <Box flexDirection="column" height={height}>
        <ScreenTitle title="My lists" />
        <Text>{kind === 'guest' ? 'A guest session can rate episodes, but lists belong to an account.' : 'Lists belong to an account, and nobody is signed in.'}</Text>
        <Text>
          Press <Text bold color={theme.accent}>s</Text> to sign in: approve in the browser, or use your user name and password.
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="My lists" />
      <PagedList<ListSummary>
        id={`${entry.key}:mine`}
        dataKey={MY_LISTS}
        what="your lists"
        height={height - 1}
        onReload={() => void store.getState().lists.loadMine(true)}
        getKey={(list) => String(list.id)}
        renderRow={(list) => listRow(list, rowWidth(width))}
        onOpen={(list) => store.getState().nav.push('lists.detail', { id: list.id, title: list.name })}
        emptyText="You have no lists yet."
      />
    </Box>
  );
}
