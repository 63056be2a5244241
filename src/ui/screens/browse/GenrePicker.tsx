import { Box, Text } from 'ink';
import { useState } from 'react';
import { Popup, useCommands, useFooterWords } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { useLocalCursor } from '../../components/list-cursor.js';
import { ScrollList } from '../../components/ScrollList.js';
import { hintLine } from '../../hints.js';
import { keyPairHint } from '../../keymap.js';
import { useOperation } from '../../queries.js';
import { useTheme } from '../../theme.js';
import type { TitleKind } from '../../../state/index.js';

interface GenrePickerProps {
  readonly id: string;
  readonly kind: TitleKind;
  readonly chosen: readonly number[];
  readonly height: number;
  readonly onToggle: (genre: number) => void;
  readonly onClose: () => void;
}

/** The genres of films or series, as the service lists them, to tick (Enter) and untick; Esc closes. */
export function GenrePicker(props: GenrePickerProps) {
  return (
    <Popup kind="picker">
      <Genres {...props} />
    </Popup>
  );
}

function Genres({ id, kind, chosen, height, onToggle, onClose }: GenrePickerProps) {
  const theme = useTheme();
  const genres = useOperation(kind === 'movie' ? 'movieGenres' : 'seriesGenres', {});
  const cursor = useLocalCursor(kind);
  useCommands('screen', ['discover.genres'], { 'genres.done': onClose });
  // Enter on a genre ticks it (opens nothing), and the footer says so.
  useFooterWords({ 'list.open': 'ticks' });
  // While a filter is open Esc keeps or clears it, not "done": the line below says only what is
  // true then, and the footer names each key with what it does now.
  const [filter, setFilter] = useState<string | undefined>(undefined);
  return (
    <Box flexDirection="column" height={height}>
      <Text bold>Genres of {kind === 'movie' ? 'movies' : 'TV series'}</Text>
      <Loadable status={genres.status} error={genres.error} hasValue={genres.data !== undefined} what="genres" onRetry={genres.retry}>
        <ScrollList
          id={`${id}:genres`}
          cursor={cursor}
          items={genres.data?.genres ?? []}
          height={Math.max(2, height - 2)}
          getKey={(genre) => genre.id}
          renderRow={(genre) => `${chosen.includes(genre.id) ? '[x]' : '[ ]'} ${genre.name ?? `Genre ${genre.id}`}`}
          onOpen={(genre) => onToggle(genre.id)}
          onFilterChange={setFilter}
          emptyText="The service lists no genres."
        />
      </Loadable>
      <Text color={theme.muted}>
        {filter === undefined
          ? `${keyPairHint('list.up', 'list.down')} move · ${hintLine(['list.open', 'ticks or unticks'], ['genres.done', 'done'])}`
          : 'Filtering the genres: the keys are below'}
      </Text>
    </Box>
  );
}
