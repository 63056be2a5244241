import { Box, Text } from 'ink';
import { searchKey, type MultiSearchItem } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { TextField, useFieldFocus } from '../../components/TextField.js';
import { fit } from '../../format.js';
import { rowWidth, titledRow, voteOf } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../registry.js';

const TYPE_WIDTH = 10;

function resultRow(item: MultiSearchItem, width: number): string {
  const type = fit(`[${item.media_type}]`, TYPE_WIDTH);
  const rest = width - TYPE_WIDTH;
  switch (item.media_type) {
    case 'movie':
      return type + titledRow(item.title, item.release_date, voteOf(item), rest);
    case 'tv':
      return type + titledRow(item.name, item.first_air_date, voteOf(item), rest);
    case 'person': {
      const knownFor = (item.known_for ?? []).map((k) => k.title ?? k.name).filter(Boolean).slice(0, 3);
      return `${type}${item.name}${item.known_for_department ? ` · ${item.known_for_department}` : ''}${knownFor.length ? ` · known for ${knownFor.join(', ')}` : ''}`;
    }
    default:
      return `${type}${item.name ?? item.title ?? `#${item.id}`}`;
  }
}

/** Search tab: a search box (`/` focuses it) and multi search (E20) results, marked by type. */
export function SearchScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const fieldId = `${entry.key}:query`;
  const focused = useFieldFocus(fieldId);
  const query = useAppState((s) => s.search.query);
  const submitted = useAppState((s) => s.search.submitted);
  const nav = () => store.getState().nav;

  useCommands(
    'screen',
    ['search.home', 'field'],
    focused
      ? {
          'field.submit': () => {
            nav().focusText(null);
            void store.getState().search.submit();
          },
          'field.leave': () => nav().focusText(null),
        }
      : { 'search.focus': () => nav().focusText(fieldId) },
  );

  const open = (item: MultiSearchItem) => {
    if (item.media_type === 'movie') nav().push('movies.detail', { id: item.id, title: item.title });
    else if (item.media_type === 'tv') nav().push('tv.detail', { id: item.id, title: item.name });
  };

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title="Search movies, TV and people" hint={focused ? 'Enter searches · Esc leaves the box' : '/ to type'} />
      <TextField label="Search:" value={query} onChange={(q) => store.getState().search.setQuery(q)} focused={focused} placeholder="press / and type a title or a name" />
      <Box height={1} />
      {submitted ? (
        <PagedList<MultiSearchItem>
          id={`${entry.key}:results:${submitted}`}
          dataKey={searchKey(submitted)}
          what={`results for "${submitted}"`}
          height={height - 3}
          active={!focused}
          onReload={() => void store.getState().data.reload(searchKey(submitted))}
          getKey={(item) => `${item.media_type}:${item.id}`}
          renderRow={(item) => resultRow(item, rowWidth(width))}
          onOpen={open}
          emptyText={`Nothing found for "${submitted}".`}
        />
      ) : (
        <Text color={theme.muted}>Results for movies, TV series and people appear here.</Text>
      )}
    </Box>
  );
}
