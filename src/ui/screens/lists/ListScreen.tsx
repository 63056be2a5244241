import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { ListId, MovieListItem } from '../../../contract/index.js';
import { listMovieKey } from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { Confirm, CONFIRM_ROWS } from '../../components/Confirm.js';
import { Loadable } from '../../components/Loadable.js';
import { PagedPreviewList } from '../../components/PagedPreviewList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { formatCount, languageName } from '../../format.js';
import { rowAtCursor, useOperation, usePagedOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { keyHint } from '../../keymap.js';
import { hintLine } from '../../hints.js';
import { useTheme } from '../../theme.js';
import { movieRow, movieTitle } from '../movies/rows.js';
import type { ScreenProps, Titled } from '../screen.js';
import { AddMoviePanel } from './AddMoviePanel.js';
import { useTitleRating } from '../titles/TitleMarks.js';
import { useRowMarks } from '../titles/row-marks.js';
import { moviePreview } from '../titles/TitlePreview.js';

type Mode =
  | { kind: 'browse' }
  | { kind: 'add' }
  | { kind: 'remove'; movie: MovieListItem }
  | { kind: 'clear' }
  | { kind: 'delete' };

/** List ids are numbers, except the hex ids of lists made long ago. */
function listIdOf(raw: string): ListId {
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** The rows the rating form takes under the movies while it is open. */
const RATING_ROWS = 2;

/**
 * A list and its movies (paged). Signed in: a adds a movie found by search (E7), x removes
 * the highlighted one (E6), C clears the list, D deletes it; each asks first.
 */
export function ListScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: ListId }>) {
  const store = useAppStore();
  const theme = useTheme();
  const id = listIdOf(String(entry.params.id));
  // The list's name, description and counts; its movies, paged (the details answer is paged).
  const list = useOperation('listDetails', { path: { list_id: id } });
  const listed = usePagedOperation('listDetails', { path: { list_id: id } });
  // A movie whose removal was confirmed leaves the rows at once, before the list is asked again:
  // the next key (x y x y in one read) acts on a row that is still there, as it does when the
  // keys come one at a time. One the service keeps comes back (the lists slice says which).
  const membership = useAppState((s) => s.lists.membershipAfterWrites);
  const items = useMemo(() => {
    const kept = listed.items.filter((movie) => membership[listMovieKey(id, movie.id)] !== false);
    if (kept.length === listed.items.length) return listed;
    const rows = listed.rows?.filter((movie) => movie === undefined || membership[listMovieKey(id, movie.id)] !== false);
    return { ...listed, items: kept, rows };
  }, [listed, membership, id]);
  const username = useAppState((s) => (s.session.current.kind === 'user' ? s.session.current.username : undefined));
  const busy = useAppState((s) => s.lists.busy);
  const itemsId = `${entry.key}:items`;
  const index = useAppState((s) => s.nav.cursors[itemsId]?.index ?? 0);
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  const lists = () => store.getState().lists;

  const selected = rowAtCursor(items, index);
  const browsing = mode.kind === 'browse';
  // Only the account that made a list may change it (others' lists come from a movie's screen).
  const editable = username !== undefined && (!list.data?.created_by || list.data.created_by === username);
  const noMovies = unavailable('The list has no movies');
  const notYours = unavailable('Only the account that made a list can change it');
  const notYoursCommands = {
    'mylist.add': notYours,
    'mylist.remove': notYours,
    'mylist.clear': notYours,
    'mylist.delete': notYours,
  };
  useCommands(
    'screen',
    ['lists.detail'],
    editable
      ? {
          'mylist.add': () => setMode({ kind: 'add' }),
          'mylist.remove': selected ? () => setMode({ kind: 'remove', movie: selected }) : noMovies,
          'mylist.clear': items.items.length > 0 ? () => setMode({ kind: 'clear' }) : noMovies,
          'mylist.delete': () => setMode({ kind: 'delete' }),
        }
      : notYoursCommands,
    browsing && list.data !== undefined,
  );
  // Any list's movies can be rated, and put on the watchlist or favourites, from their rows, with
  // the keys of their own screens.
  const rating = useTitleRating(RATING_ROWS);
  const signedIn = useAppState((s) => s.session.current.kind !== 'none');
  const selectedTitle = selected ? { kind: 'movie' as const, id: selected.id, title: movieTitle(selected) } : undefined;
  const marks = useRowMarks(selectedTitle);
  useCommands(
    'screen',
    ['title'],
    {
      'title.rate': selectedTitle ? () => rating.open(selectedTitle) : noMovies,
      'title.watchlist': selectedTitle ? marks['title.watchlist'] : noMovies,
      'title.favorite': selectedTitle ? marks['title.favorite'] : noMovies,
    },
    browsing && rating.form === null && list.data !== undefined && signedIn,
  );
  const onList = useMemo(() => new Set(items.items.map((movie) => movie.id)), [items.items]);

  const answer = async (write: () => Promise<{ ok: boolean }>, after?: () => void) => {
    const outcome = await write();
    setMode({ kind: 'browse' });
    if (outcome.ok) after?.();
  };

  const value = list.data;
  const count = value && value.item_count != null ? `${formatCount(value.item_count)} ${value.item_count === 1 ? 'movie' : 'movies'}` : '';
  const about = value ? [count, value.created_by ? `by ${value.created_by}` : '', value.iso_639_1 ? languageName(value.iso_639_1) : ''].filter(Boolean).join(' · ') : '';
  const question =
    mode.kind === 'remove'
      ? `Remove "${movieTitle(mode.movie)}" from the list?`
      : mode.kind === 'clear'
        ? `Remove all ${count} from "${value?.name ?? 'the list'}"?`
        : mode.kind === 'delete'
          ? `Delete the list "${value?.name ?? ''}" (${count})? It cannot be undone.`
          : undefined;
  const headerRows = 1 + 1 + (value?.description ? 1 : 0);
  const bodyHeight = height - headerRows;

  return (
    <Box flexDirection="column" height={height}>
      {/* The keys of the highlighted row; the footer names the list's own (a, x, C, D) first. */}
      <ScreenTitle title={value?.name ?? entry.params.title} hint={hintLine('title.rate', 'title.watchlist', 'title.favorite')} />
      <Loadable status={list.status} error={list.error} hasValue={value !== undefined} what="the list" onRetry={list.retry}>
        {value ? (
          <>
            <Text color={theme.muted} wrap="truncate-end">
              {about}
            </Text>
            {value.description ? <Text wrap="truncate-end">{value.description}</Text> : null}
            {mode.kind === 'add' ? (
              <AddMoviePanel
                id={`${entry.key}:add`}
                listId={id}
                onList={onList}
                width={width}
                height={bodyHeight}
                onClose={() => setMode({ kind: 'browse' })}
              />
            ) : (
              <>
                {question ? (
                  <Confirm
                    question={question}
                    // A removal is sent in its turn (the lists slice queues writes): its question
                    // need not wait for the write before. Clearing and deleting show their spinner.
                    busy={busy && mode.kind !== 'remove'}
                    onNo={() => setMode({ kind: 'browse' })}
                    onYes={() => {
                      if (mode.kind === 'remove') {
                        setMode({ kind: 'browse' });
                        void lists().removeMovie(id, mode.movie.id, movieTitle(mode.movie));
                      } else if (mode.kind === 'clear') void answer(() => lists().clearList(id));
                      else void answer(() => lists().deleteList(id), () => store.getState().nav.pop());
                    }}
                  />
                ) : null}
                <PagedPreviewList<MovieListItem>
                  id={itemsId}
                  query={items}
                  what="the movies of the list"
                  width={width}
                  height={bodyHeight - (question ? CONFIRM_ROWS : 0) - (rating.form ? RATING_ROWS : 0)}
                  active={browsing && rating.form === null}
                  getKey={(movie) => movie.id}
                  renderRow={(movie, listWidth) => movieRow(movie, rowWidth(listWidth))}
                  renderPreview={moviePreview}
                  onOpen={(movie) => store.getState().nav.push('movies.detail', { id: movie.id, title: movieTitle(movie) })}
                  emptyText={editable ? `This list has no movies yet: press ${keyHint('mylist.add')} to find one and add it.` : 'This list has no movies yet.'}
                />
                {rating.form}
              </>
            )}
          </>
        ) : null}
      </Loadable>
    </Box>
  );
}
