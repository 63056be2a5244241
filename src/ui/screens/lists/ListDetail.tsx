import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { listKey, type ListDetails } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ScrollList } from '../../components/ScrollList.js';
import { useResource } from '../../data-hooks.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { stringParam, type ScreenProps } from '../registry.js';

/** A list and its movies; Enter opens a movie. */
export function ListDetail({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const raw = stringParam(entry.params, 'id') ?? '';
  const id: number | string = /^\d+$/.test(raw) ? Number(raw) : raw;
  const list = useResource<ListDetails>(listKey(id));
  useEffect(() => {
    void store.getState().lists.loadList(id);
  }, [store, id]);
  const value = list.value;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? String(entry.params.title ?? 'List')} />
      <Loadable status={list.status} error={list.error} hasValue={value !== undefined} what="the list" onRetry={() => void store.getState().lists.loadList(id, true)}>
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            {value.description ? (
              <Text color={theme.muted} wrap="truncate-end">
                {value.description}
              </Text>
            ) : null}
            <ScrollList
              id={`${entry.key}:items`}
              items={value.items}
              height={height - (value.description ? 2 : 1)}
              total={value.items.length}
              getKey={(movie) => movie.id}
              renderRow={(movie) => titledRow(movie.title ?? movie.name ?? `#${movie.id}`, movie.release_date, voteOf(movie), rowWidth(width))}
              onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movie.title ?? movie.name })}
              emptyText="This list has no movies yet."
            />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}
