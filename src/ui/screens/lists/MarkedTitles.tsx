import type { MovieListItem, TvListItem } from '../../../contract/index.js';
import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { formatRating, movieName, pagedOperationSource, type PagedSource, seriesName, type TitleRef } from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { PagedList } from '../../components/PagedList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ViewBar, cycleView, type ViewTab } from '../../components/ViewBar.js';
import { fit, formatVote } from '../../format.js';
import { hintLine, problemText } from '../../hints.js';
import { Confirm } from '../../components/Confirm.js';
import { bindingsFor, keyHint, keyLabel } from '../../keymap.js';
import { rowAtCursor, useOperation, usePagedSource } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useTitleRating } from '../titles/TitleMarks.js';
import { type RowMark, useRowMarks } from '../titles/row-marks.js';
import { PREVIEW_MIN_COLUMNS, PreviewSplit } from '../../components/PreviewSplit.js';
import { previewedMovie, previewedSeries, TitlePreview } from '../titles/TitlePreview.js';

/** Which of my marks the screen lists. */
export type Marked = 'watchlist' | 'favorites' | 'rated';
type Kind = 'movie' | 'tv' | 'episode';

export interface MarkedParams extends Titled {
  readonly which: Marked;
}

export const MARKED_TITLES: Readonly<Record<Marked, string>> = { watchlist: 'Watchlist', favorites: 'Favourites', rated: 'My ratings' };

/** What the rows need of a film, a series or an episode of these lists (every field but the id may be missing in old records). */
interface MarkedItem {
  readonly id: number;
  readonly title?: string | null;
  readonly name?: string | null;
  readonly release_date?: string | null;
  readonly first_air_date?: string | null;
  readonly air_date?: string | null;
  readonly vote_average?: number | null;
  readonly vote_count?: number | null;
  readonly rating?: number | null;
  readonly show_id?: number | null;
  readonly season_number?: number | null;
  readonly episode_number?: number | null;
}

/** The rows under the list: the rating form, or its hint. */
const RATING_ROWS = 2;

const NEWEST_FIRST = { sort_by: 'created_at.desc' } as const;

/** The read behind one list: the account's (a user session), or the guest session's ratings. */
function markedSource(which: Marked, kind: Kind, guest: boolean, accountId: number | undefined): PagedSource<MarkedItem> | undefined {
  if (guest) {
    if (which !== 'rated') return undefined;
    if (kind === 'movie') return pagedOperationSource('guestRatedMovies', { query: NEWEST_FIRST });
    if (kind === 'tv') return pagedOperationSource('guestRatedSeries', { query: NEWEST_FIRST });
    return pagedOperationSource('guestRatedEpisodes', { query: NEWEST_FIRST });
  }
  if (accountId === undefined) return undefined;
  const account = { path: { account_id: accountId }, query: NEWEST_FIRST };
  switch (which) {
    case 'watchlist':
      return kind === 'tv' ? pagedOperationSource('watchlistSeries', account) : pagedOperationSource('watchlistMovies', account);
    case 'favorites':
      return kind === 'tv' ? pagedOperationSource('favoriteSeries', account) : pagedOperationSource('favoriteMovies', account);
    case 'rated':
      if (kind === 'movie') return pagedOperationSource('accountRatedMovies', account);
      if (kind === 'tv') return pagedOperationSource('accountRatedSeries', account);
      return pagedOperationSource('accountRatedEpisodes', account);
  }
}

const year = (date: string | null | undefined) => (date ? date.slice(0, 4) : '');

function rowText(item: MarkedItem, kind: Kind, width: number, seriesName?: string): string {
  const mine = typeof item.rating === 'number' ? `mine ${item.rating.toFixed(1)}`.padStart(9) : '';
  const vote = formatVote(item.vote_average ?? undefined, item.vote_count ?? undefined).padStart(12);
  const name =
    kind === 'episode'
      ? `${seriesName ? `${seriesName} · ` : ''}S${item.season_number ?? '?'} E${item.episode_number ?? '?'} ${item.name ?? 'untitled'}`
      : `${item.title ?? item.name ?? `#${item.id}`}${year(item.release_date ?? item.first_air_date) ? ` (${year(item.release_date ?? item.first_air_date)})` : ''}`;
  const tail = `  ${vote}${mine ? ` ${mine}` : ''}`;
  return `${fit(name, Math.max(10, width - tail.length))}${tail}`;
}

/**
 * A rated episode's row. The service names only the series' id on it: the name is read from the
 * series (once per series, for the rows on screen) and the id shows until then.
 */
function EpisodeRow({ item, width }: { item: MarkedItem; width: number }) {
  const series = useOperation('tvDetails', { path: { series_id: item.show_id ?? 0 } }, { enabled: typeof item.show_id === 'number' });
  const name = series.data?.name ?? (item.show_id ? `series ${item.show_id}` : undefined);
  return <Text>{rowText(item, 'episode', width, name)}</Text>;
}

/**
 * Lists tab: my watchlist, my favourites or my ratings, newest first, films and series (and
 * episodes, for ratings) as views; Enter opens the title. A guest session has ratings only.
 */
export function MarkedTitles({ entry, width, height }: ScreenProps<MarkedParams>) {
  const store = useAppStore();
  const theme = useTheme();
  const { which } = entry.params;
  const session = useAppState((s) => s.session.current);
  const accountId = session.kind === 'user' ? session.accountId : undefined;
  useEffect(() => {
    if (session.kind === 'user' && accountId === undefined) void store.getState().session.learnAccountId();
  }, [store, session.kind, accountId]);

  const views: readonly ViewTab<Kind>[] = useMemo(
    () => [
      { id: 'movie', key: '', label: 'Films' },
      { id: 'tv', key: '', label: 'Series' },
      ...(which === 'rated' ? [{ id: 'episode' as const, key: '', label: 'Episodes' }] : []),
    ],
    [which],
  );
  const [kind, setKind] = useState<Kind>('movie');
  const source = useMemo(() => markedSource(which, kind, session.kind === 'guest', accountId), [which, kind, session.kind, accountId]);
  const loaded = usePagedSource(source);
  // A title taken off this list leaves its rows at once, before the list is read again, so that
  // the next key (x y x y, or w w, in one read) acts on the row that is now highlighted, as it
  // does when the keys come one at a time. One whose write fails comes back.
  const [takenOff, setTakenOff] = useState<ReadonlySet<string>>(new Set());
  const list = useMemo(() => {
    if (takenOff.size === 0) return loaded;
    const kept = (item: MarkedItem | undefined) => item === undefined || !takenOff.has(`${kind}:${item.id}`);
    return { ...loaded, items: loaded.items.filter(kept), rows: loaded.rows?.filter(kept) };
  }, [loaded, takenOff, kind]);
  const nav = () => store.getState().nav;
  const listId = `${entry.key}:${kind}`;
  const rating = useTitleRating(RATING_ROWS);
  const [asking, setAsking] = useState<{ readonly ask: 'remove' | 'unrate'; readonly title: TitleRef; readonly rating?: number } | undefined>(undefined);
  const cursor = useAppState((s) => s.nav.cursors[listId]?.index ?? 0);
  const item = rowAtCursor(list, cursor);
  const titleOf = (row: MarkedItem): TitleRef | undefined =>
    kind === 'episode' ? undefined : { kind, id: row.id, title: kind === 'movie' ? movieName(row) : seriesName(row) };
  const highlightedTitle = item ? titleOf(item) : undefined;
  /** The mark this list shows, for each of its rows. */
  const listMark: RowMark | undefined = which === 'watchlist' ? 'watchlist' : which === 'favorites' ? 'favorite' : undefined;
  const setShown = (title: TitleRef, mark: RowMark, on: boolean) => {
    if (mark !== listMark) return;
    setTakenOff((gone) => {
      const next = new Set(gone);
      if (on) next.delete(`${title.kind}:${title.id}`);
      else next.add(`${title.kind}:${title.id}`);
      return next;
    });
  };
  const marks = useRowMarks(highlightedTitle, { known: listMark ? { [listMark]: true } : {}, onSet: setShown });
  const nothing = unavailable(list.items.length === 0 ? 'There is nothing here' : 'Episodes are rated and marked on their own screen');
  const removeFromList = async (title: TitleRef) => {
    if (!listMark) return;
    setShown(title, listMark, false);
    const marksSlice = store.getState().marks;
    const why = await (listMark === 'watchlist' ? marksSlice.setWatchlist(title, false) : marksSlice.setFavorite(title, false));
    if (why) {
      setShown(title, listMark, true);
      store.getState().notifications.notify(problemText(why), 'warning');
    }
  };
  useCommands(
    'screen',
    ['views', 'title', 'lists.marked'],
    {
      'view.cycle': (direction) => setKind((k) => cycleView(views, k, direction === 'next' ? 1 : -1)),
      // Films and series are rated and marked here with the keys of their screens; episodes on theirs.
      'title.rate': !highlightedTitle
        ? kind === 'episode' ? unavailable('Episodes are rated on their season or their own screen') : nothing
        : () => rating.open(highlightedTitle, typeof item?.rating === 'number' ? item.rating : undefined),
      // Only My ratings' rows say my rating: the watchlist's and favourites' do not.
      'title.unrate':
        which !== 'rated'
          ? undefined
          : !highlightedTitle || typeof item?.rating !== 'number'
            ? unavailable('There is no rating of yours here to delete')
            : () => setAsking({ ask: 'unrate', title: highlightedTitle, rating: item.rating as number }),
      'title.watchlist': highlightedTitle ? marks['title.watchlist'] : nothing,
      'title.favorite': highlightedTitle ? marks['title.favorite'] : nothing,
      'marked.remove': !listMark
        ? unavailable(`My ratings are deleted with ${keyHint('title.unrate')}`)
        : highlightedTitle ? () => setAsking({ ask: 'remove', title: highlightedTitle }) : nothing,
    },
    rating.form === null && asking === undefined && session.kind !== 'none',
  );
  const question = !asking
    ? undefined
    : asking.ask === 'unrate'
      ? `Delete your rating ${formatRating(asking.rating!)} of “${asking.title.title}”?`
      : `Take “${asking.title.title}” off your ${which === 'watchlist' ? 'watchlist' : 'favourites'}?`;
  const answer = () => {
    if (!asking) return;
    setAsking(undefined);
    if (asking.ask === 'remove') return void removeFromList(asking.title);
    void store.getState().marks.deleteRating(asking.title).then((why) => {
      if (why) store.getState().notifications.notify(problemText(why), 'warning');
    });
  };

  const open = (item: MarkedItem) => {
    if (kind === 'movie') return nav().push('movies.detail', { id: item.id, title: movieName(item) });
    if (kind === 'tv') return nav().push('tv.detail', { id: item.id, title: seriesName(item) });
    if (item.show_id && item.season_number != null && item.episode_number != null) {
      return nav().push('tv.episode', {
        seriesId: item.show_id,
        season: item.season_number,
        episode: item.episode_number,
        title: `S${item.season_number} E${item.episode_number}${item.name ? ` ${item.name}` : ''}`,
      });
    }
    store.getState().notifications.notify('The service did not say which series this episode is of', 'warning');
  };

  const heading = MARKED_TITLES[which];
  const body = () => {
    if (session.kind === 'none') {
      return <Text>Nobody is signed in: {keyHint('app.session')} signs in, or starts a guest session for ratings.</Text>;
    }
    if (session.kind === 'guest' && which !== 'rated') {
      return <Text>A guest session has no {which === 'watchlist' ? 'watchlist' : 'favourites'}: {keyHint('app.session')} signs in to an account.</Text>;
    }
    if (!source) return <Text color={theme.muted}>Learning the account…</Text>;
    return (
      <PreviewSplit<MarkedItem>
        // An episode's row has no overview or genres to show: the list stays alone.
        width={kind === 'episode' ? Math.min(width, PREVIEW_MIN_COLUMNS - 1) : width}
        height={height - 3 - RATING_ROWS}
        renderPreview={(item, size) => (
          // The rows are the service's film and series records, typed here only as far as the rows read them.
          <TitlePreview title={kind === 'movie' ? previewedMovie(item as MovieListItem) : previewedSeries(item as TvListItem)} {...size} />
        )}
      >
        {(listWidth, highlight) => (
          <PagedList<MarkedItem>
            id={listId}
            query={list}
            what={`your ${heading.toLowerCase()}`}
            height={height - 3 - RATING_ROWS}
            getKey={(item) => `${item.show_id ?? ''}/${item.id}`}
            renderRow={(item) => (kind === 'episode' ? <EpisodeRow item={item} width={rowWidth(width)} /> : rowText(item, kind, rowWidth(listWidth)))}
            onOpen={open}
            highlight={highlight}
            emptyText={`Nothing here yet: ${which === 'rated' ? 'rate' : which === 'watchlist' ? 'add' : 'mark'} a title on its screen.`}
          />
        )}
      </PreviewSplit>
    );
  };
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={heading} hint={hintLine(['list.open', 'opens'])} />
      <ViewBar views={views} current={kind} after={`${keyLabel(bindingsFor('view.cycle')[0]!)} switch`} />
      <Text color={theme.muted} wrap="truncate-end">
        {session.kind === 'guest' ? 'The guest session’s' : 'Yours'}, newest first
      </Text>
      {body()}
      {source
        ? (rating.form ?? (question ? (
            <Confirm question={question} onYes={answer} onNo={() => setAsking(undefined)} />
          ) : (
            <Box height={RATING_ROWS}>
              <Text color={theme.muted} wrap="truncate-end">
                {kind === 'episode'
                  ? hintLine(['list.open', 'opens the episode, where you can rate it'])
                  : listMark
                    ? hintLine('marked.remove', 'title.rate', 'title.watchlist', 'title.favorite', 'list.open')
                    : hintLine('title.rate', 'title.unrate', 'title.watchlist', 'title.favorite', 'list.open')}
              </Text>
            </Box>
          )))
        : null}
    </Box>
  );
}
