import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import type { ListId, MovieListItem } from '../../../contract/index.js';
import { moviesMatching, pagedOperationSource, type PagedSource, type WriteOutcome } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { useLocalCursor } from '../../components/list-cursor.js';
import { PagedList } from '../../components/PagedList.js';
import { WriteStatus } from '../../components/WriteStatus.js';
import { TextField } from '../../components/TextField.js';
import { rowAtCursor, usePagedSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { hintLine } from '../../hints.js';
import { keyPairHint } from '../../keymap.js';
import { useTheme } from '../../theme.js';
import { movieRow, movieTitle } from '../movies/rows.js';

/** Movies whose title matches `text`; the popular movies stand in for an empty box. */
function moviesFor(text: string): PagedSource<MovieListItem> {
  return text ? moviesMatching(text) : pagedOperationSource('popularMovies', {});
}

/** How long typing has to pause before the search runs, so a title is not searched letter by letter. */
const SEARCH_DELAY_MS = 250;

interface AddMoviePanelProps {
  /** Unique per screen entry: names the field and the results' cursor. */
  readonly id: string;
  readonly listId: ListId;
  /** Movies already on the list (of the pages loaded), marked in the results. */
  readonly onList: ReadonlySet<number>;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
}

/**
 * Adding movies to a list from inside it: type a title (multi search, movies only; the popular
 * movies while the box is empty), ↑/↓ to pick, Enter adds (E7). It stays open to add more;
 * Esc closes it.
 */
export function AddMoviePanel({ id, listId, onList, width, height, onClose }: AddMoviePanelProps) {
  const store = useAppStore();
  const theme = useTheme();
  const resultsId = `${id}:results`;
  const busy = useAppState((s) => s.lists.busy);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [outcome, setOutcome] = useState<WriteOutcome | undefined>(undefined);
  const source = useMemo(() => moviesFor(searched), [searched]);
  const asked = usePagedSource(source);
  // Until the new answer is in, the previous results stay (no spinner flickering while typing).
  const [shown, setShown] = useState({ source, search: searched });
  useEffect(() => {
    if (asked.status === 'ready' || asked.status === 'error') setShown({ source, search: searched });
  }, [source, searched, asked.status]);
  const shownKey = shown.source.key;
  const shownSearch = shown.search;
  const searching = source.key !== shownKey;
  const results = usePagedSource(shown.source);
  // The highlighted result is the panel's own; a new search starts at its first result.
  const cursor = useLocalCursor(shownKey);
  const index = cursor.cursor?.index ?? 0;

  useEffect(() => {
    const text = query.trim();
    if (text === searched) return;
    const timer = setTimeout(() => setSearched(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, searched]);

  const selected = rowAtCursor(results, index);
  // An Enter while an add is out is another add (the lists slice sends them in turn), not dropped.
  const add = async () => {
    if (!selected) return;
    setOutcome(await store.getState().lists.addMovie(listId, selected.id, movieTitle(selected)));
  };
  useCommands('screen', ['movie-search'], {
    'movieSearch.add': selected ? () => void add() : undefined,
    'movieSearch.close': onClose,
  });

  return (
    <Box flexDirection="column" height={height}>
      <TextField label="Find a movie:" value={query} onChange={setQuery} focused placeholder="type a title (empty: popular movies)" />
      <Text color={theme.muted} wrap="truncate-end">
        {searching ? `Searching for "${searched}"…` : shownSearch ? `Movies matching "${shownSearch}"` : 'Popular movies'} ·{' '}
        {keyPairHint('list.up', 'list.down', { typing: true })} pick · {hintLine(['movieSearch.add', 'adds to the list'], ['movieSearch.close', 'done'])}
      </Text>
      <PagedList<MovieListItem>
        id={`${resultsId}:${shownKey}`}
        cursor={cursor}
        query={results}
        what={shownSearch ? `movies matching "${shownSearch}"` : 'popular movies'}
        height={height - 5}
        getKey={(movie) => movie.id}
        renderRow={(movie) => `${onList.has(movie.id) ? '✓' : ' '} ${movieRow(movie, rowWidth(width) - 2)}`}
        emptyText={`No movie matches "${shownSearch}".`}
      />
      <Box height={2}>
        <WriteStatus busy={busy} busyLabel="Adding…" outcome={outcome} idle={<Text color={theme.muted}>✓ marks the movies already on the list.</Text>} />
      </Box>
    </Box>
  );
}
