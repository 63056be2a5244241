import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EpisodeDetails } from '../../../contract/index.js';
import { displayName, episodeLabel, episodeRefKey, formatRating, isoDay, myRating, notAiredYet, savedRating, seasonKey, type AppState, type EpisodeRef } from '../../../state/index.js';
import { unavailable, useCommands } from '../../commands.js';
import { Confirm } from '../../components/Confirm.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { PreviewSplit } from '../../components/PreviewSplit.js';
import { ScrollList } from '../../components/ScrollList.js';
import { Spinner } from '../../components/Spinner.js';
import { ENGLISH_MARK, formatCount, formatDate, inEnglish } from '../../format.js';
import { rowWidth } from '../../rows.js';
import { useMyEpisodeRatings, useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import { hintLine } from '../../hints.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';
import { EpisodePreview } from './EpisodePreview.js';
import { listMatcher } from '../../components/list-filter.js';
import { EpisodeRow, episodeFilterText, episodeHeader } from './episodeRows.js';
import { episodeParams, type SeasonParams } from './params.js';
import { RATING_PANEL_ROWS, RatingPanel } from './RatingPanel.js';
import { useNextSeason } from './neighbours.js';
import { useRatingForm } from './useRatingForm.js';
import { useQuickRating } from './useQuickRating.js';

/** Season entries whose form was opened on arrival (keys are unique to each push of a store). */
const continuedEntries = new WeakMap<object, Set<string>>();
/** Season entries whose cursor was put on their `startAt` episode. */
const startedEntries = new WeakMap<object, Set<string>>();
/** True the first time it is asked about this entry of this store (tests run many stores in one process). */
function firstTime(done: WeakMap<object, Set<string>>, store: object, key: string): boolean {
  const keys = done.get(store) ?? new Set<string>();
  done.set(store, keys);
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}

/** Title, facts, where my ratings come from, and the column header; the overview when there is room. */
const TOP_ROWS = 4;
/** Below this many rows the season's overview gives its line to the episodes. */
const OVERVIEW_FROM_HEIGHT = 16;

/** My rating of each episode as this run knows it, and the ones being saved. */
function useMyRatings(refs: readonly EpisodeRef[]) {
  const ratings = useAppState(useShallow((s: AppState) => ({ loaded: s.ratings.loaded, local: s.ratings.local, pending: s.ratings.pending })));
  return useMemo(() => refs.map((ref) => ({ value: savedRating({ ratings }, ref), pending: ratings.pending[episodeRefKey(ref)] })), [refs, ratings]);
}

/**
 * A season (seasonDetails): its episodes with my rating on each row. r rates the highlighted
 * episode (see RatingPanel): Enter saves and moves to the next one, so "r 8 Enter r 7 . 5 Enter"
 * rates two episodes. X deletes a rating, Enter opens the episode. Episodes not aired yet are
 * left out of ranges, `a` and rating mode; rating one on its own asks first.
 */
export function SeasonScreen({ entry, width, height }: ScreenProps<SeasonParams>) {
  const store = useAppStore();
  const theme = useTheme();
  const { seriesId, season: seasonNumber } = entry.params;
  const season = useOperation('seasonDetails', { path: { series_id: seriesId, season_number: seasonNumber } });
  // Signing in (or a guest session starting) while here loads that session's ratings.
  useMyEpisodeRatings(seriesId, seasonNumber);

  const episodes = useMemo(() => season.data?.episodes ?? [], [season.data]);
  // The day is fixed when the screen opens, as Up next's is.
  const today = useMemo(() => isoDay(Date.now()), []);
  // Undefined when the episode at `index` has aired, else when it airs ("airs 3 Dec 2026").
  const notAired = (index: number): string | undefined => {
    const airDate = episodes[index]?.air_date;
    if (!notAiredYet(airDate, today)) return undefined;
    return airDate ? `airs ${formatDate(airDate)}` : 'no air date yet';
  };
  // `r` on an episode not aired yet: the question before the form opens (its index).
  const [unairedAsked, setUnairedAsked] = useState<number | undefined>(undefined);
  const refs = useMemo(
    () => episodes.map((e) => ({ seriesId, season: seasonNumber, episode: e.episode_number })),
    [episodes, seriesId, seasonNumber],
  );
  const mine = useMyRatings(refs);
  const ratingsStatus = useAppState((s) =>
    s.session.current.kind === 'guest' ? (s.ratings.guestSeasons[seasonKey(seriesId, seasonNumber)]?.status ?? 'idle') : s.ratings.accountStatus,
  );

  const listId = `${entry.key}:episodes`;
  const showOverview = height >= OVERVIEW_FROM_HEIGHT;
  const listHeight = Math.max(2, height - TOP_ROWS - (showOverview ? 1 : 0) - RATING_PANEL_ROWS);
  const viewport = listHeight - 1;
  const selectedIndex = () => Math.min(store.getState().nav.cursors[listId]?.index ?? 0, Math.max(0, refs.length - 1));
  const cursor = useAppState((s) => s.nav.cursors[listId]?.index ?? 0);
  // The `/` filter's text (undefined: the whole list shows), and the episodes it shows, in order.
  const [filterText, setFilterText] = useState<string | undefined>(undefined);
  const matcher = useMemo(() => listMatcher(episodes.map((episode, index) => ({ item: episode.id, index, text: episodeFilterText(episode) }))), [episodes]);
  const shownIds = (text: string | undefined) => (text === undefined ? episodes.map((e) => e.id) : matcher(text).map((found) => found.item));
  // The episodes selected to rate at once, by id, so a selection outlasts filtering: the ones
  // kept, and the run from where `v` was pressed to the cursor, in the list as shown.
  const [selection, setSelection] = useState<{ readonly kept: ReadonlySet<number>; readonly from?: number } | undefined>(undefined);
  const selectedIds = (at: number): ReadonlySet<number> | undefined => {
    if (!selection) return undefined;
    const ids = new Set(selection.kept);
    if (selection.from !== undefined) {
      const shown = shownIds(filterText);
      const start = shown.indexOf(selection.from);
      const end = shown.indexOf(episodes[at]?.id ?? -1);
      if (start !== -1 && end !== -1) for (const id of shown.slice(Math.min(start, end), Math.max(start, end) + 1)) ids.add(id);
      else ids.add(selection.from);
    }
    return ids;
  };
  const selectedIdSet = selectedIds(cursor);
  // As indexes of the whole list, which the rating form and the rows go by.
  const selected = selectedIdSet ? new Set(episodes.flatMap((episode, index) => (selectedIdSet.has(episode.id) ? [index] : []))) : undefined;
  // `v`: what is selected stays, and a new run starts at the highlighted episode.
  const startRun = () => {
    const kept = selectedIds(selectedIndex()) ?? new Set<number>();
    setSelection({ kept, from: episodes[selectedIndex()]!.id });
  };
  // The filter changes what is shown: the run so far is kept (read before the cursor moves for it).
  const onFilterChange = (text: string | undefined) => {
    if (selection) setSelection({ kept: selectedIds(selectedIndex()) ?? selection.kept });
    setFilterText(text);
  };
  const clearSelection = () => setSelection(undefined);
  // Saving moves the cursor to the next episode: the screen's own cursor, moved by the screen.
  const neighbours = useNextSeason(seriesId, seasonNumber, entry.params.series);
  const nextSeason = neighbours.next;
  // Rating mode goes on only into a season that has started airing.
  const nextAired = nextSeason && !notAiredYet(neighbours.nextAirDate, today) ? nextSeason : undefined;
  const rating = useRatingForm(refs, (index) => store.getState().nav.moveCursor(listId, index, refs.length, viewport), {
    onRateMany: clearSelection,
    // Rating goes on into the next season: its first episode, the form open.
    onPastEnd: nextSeason ? () => store.getState().nav.replaceTop('tv.season', { ...nextSeason, rateFirst: true }) : undefined,
  });
  // Arrived here from the last episode of the season before: the form opens on the first
  // episode, once per entry (not again when coming back to it from an episode).
  useEffect(() => {
    if (!entry.params.rateFirst || refs.length === 0 || !firstTime(continuedEntries, store, entry.key)) return;
    rating.open(0);
  }, [entry.params.rateFirst, entry.key, refs.length, rating, store]);
  const ratings = () => store.getState().ratings;
  const ready = season.data !== undefined && season.status !== 'error';
  const quick = useQuickRating({
    episodes: refs,
    notAired,
    highlighted: selectedIndex,
    moveTo: (index) => store.getState().nav.moveCursor(listId, index, refs.length, viewport),
    // Past the last episode the mode goes on with the next season's first.
    onPastEnd: nextAired ? (given) => store.getState().nav.replaceTop('tv.season', { ...nextAired, quickRating: true, quickGiven: given }) : undefined,
    // Backspace took back a rating given in the season before: back there, on that episode.
    onOtherSeason: (episode, given) =>
      store.getState().nav.replaceTop('tv.season', {
        seriesId: episode.seriesId,
        season: episode.season,
        title: `Season ${episode.season}`,
        series: entry.params.series,
        quickRating: true,
        quickGiven: given,
        startAt: episode.episode,
      }),
    active: ready,
    startOn: entry.params.quickRating,
    startGiven: entry.params.quickGiven,
  });
  // Opened on an episode (Up next): the cursor starts there, once per entry.
  const startAt = entry.params.startAt;
  useEffect(() => {
    if (startAt === undefined || refs.length === 0 || !firstTime(startedEntries, store, entry.key)) return;
    const index = refs.findIndex((ref) => ref.episode === startAt);
    if (index > 0) store.getState().nav.moveCursor(listId, index, refs.length, viewport);
  }, [startAt, entry.key, refs, store, listId, viewport]);

  const noEpisodes = unavailable('This season lists no episodes');
  // Read at the key, from the store: the ratings asked by the keys just before it count (keys of one read come before a draw).
  const unratedNow = () => refs.flatMap((ref, index) => (myRating(store.getState(), ref) === undefined ? [index] : []));
  // A batch asked for while another runs waits its turn (ratings.ts), so this key never has to say "not now".
  // Episodes not aired yet are left out, and a toast says how many.
  const rateMany = (indexes: readonly number[]) => () => {
    const aired = [...indexes].sort((a, b) => a - b).filter((index) => notAired(index) === undefined);
    const skipped = indexes.length - aired.length;
    if (aired.length === 0) return store.getState().notifications.notify(`None of ${indexes.length === 1 ? 'it' : `these ${indexes.length} episodes`} has aired yet: ${keyHint('rating.open')} on one rates it after asking`, 'info');
    if (skipped > 0) store.getState().notifications.notify(`Left out ${skipped} episode${skipped === 1 ? '' : 's'} not aired yet`, 'info');
    rating.openMany(aired);
  };
  const rateOne = (index: number) => (notAired(index) === undefined ? rating.open(index) : setUnairedAsked(index));
  useCommands(
    'screen',
    ['tv.rating', 'tv.season', 'tv.parts'],
    {
      'rating.open':
        refs.length === 0 ? noEpisodes : selected ? rateMany([...selected]) : () => rateOne(selectedIndex()),
      'rating.select': refs.length > 0 ? startRun : noEpisodes,
      'rating.unrated':
        refs.length === 0
          ? noEpisodes
          : () => {
              const unrated = unratedNow();
              if (unrated.length === 0) store.getState().notifications.notify('You have rated every episode of the season', 'info');
              else rateMany(unrated)();
            },
      // Under a filter Esc clears the filter first (the selection stays), then the selection.
      'rating.clearSelection': selected && filterText === undefined && !quick.on ? clearSelection : undefined,
      'rating.quickMode': refs.length === 0 ? noEpisodes : quick.on ? undefined : quick.enter,
      'rating.undo': () => (quick.on ? quick.undo() : void ratings().undo()),
      'rating.delete': refs.length > 0 ? () => ratings().askDelete(refs[selectedIndex()]!) : noEpisodes,
      'tv.retryPart': ratingsStatus === 'error' ? () => void ratings().loadSeasonRatings(seriesId, seasonNumber, true) : undefined,
    },
    ready,
  );

  const value = season.data;
  const seriesName = entry.params.series;
  const title = `${value?.name ?? entry.params.title}${seriesName ? ` · ${seriesName}` : ''}${quick.on ? ' · rating mode' : ''}`;
  const rated = mine.filter((m) => m.value !== undefined).length;

  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} hint={hintLine(['rating.open', 'rate'], ['rating.delete', 'unrate'], ['list.open', 'opens'])} />
      <Loadable
        status={season.status}
        error={season.error}
        hasValue={value !== undefined}
        what="the season"
        onRetry={season.retry}
      >
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            <Text color={theme.muted} wrap="truncate-end">
              {formatCount(value.episodes?.length ?? 0)} episode{value.episodes?.length === 1 ? '' : 's'} · first aired{' '}
              {formatDate(value.air_date)}
              {value.vote_average ? ` · vote ${value.vote_average.toFixed(1)}` : ''} · season id {value.id}
            </Text>
            {showOverview ? (
              <Text wrap="truncate-end">
                {inEnglish(value, 'overview') ? <Text color={theme.muted}>{ENGLISH_MARK} </Text> : null}
                {value.overview || 'No overview of this season.'}
              </Text>
            ) : null}
            <RatingsSource rated={rated} total={episodes.length} season={seasonKey(seriesId, seasonNumber)} />
            <PreviewSplit<EpisodeDetails>
              width={width}
              height={listHeight + 1}
              active={ready}
              renderPreview={(episode, size) => <EpisodePreview episode={episode} seriesId={seriesId} {...size} />}
            >
              {(listWidth, highlight) => (
                <Box flexDirection="column" width={listWidth}>
                  <Text color={theme.muted} wrap="truncate-end">
                    {'  '}
                    {episodeHeader(rowWidth(listWidth))}
                  </Text>
                  <ScrollList<EpisodeDetails>
                    id={listId}
                    items={episodes}
                    height={listHeight}
                    getKey={(episode) => episode.id}
                    renderRow={(episode, index) => (
                      <EpisodeRow episode={episode} rating={mine[index] ?? {}} marked={selected?.has(index) ?? false} width={rowWidth(listWidth)} theme={theme} />
                    )}
                    filterText={episodeFilterText}
                    renderMatch={(episode, index, isSelected, positions) => (
                      <EpisodeRow
                        episode={episode}
                        rating={mine[index] ?? {}}
                        marked={selected?.has(index) ?? false}
                        matched={positions}
                        selected={isSelected}
                        width={rowWidth(listWidth)}
                        theme={theme}
                      />
                    )}
                    onFilterChange={onFilterChange}
                    onOpen={(episode) => store.getState().nav.push('tv.episode', episodeParams(seriesId, episode))}
                    highlight={highlight}
                    emptyText="This season lists no episodes yet."
                  />
                </Box>
              )}
            </PreviewSplit>
            {unairedAsked !== undefined && refs[unairedAsked] ? (
              <Confirm
                question={`${episodeLabel(refs[unairedAsked])} has not aired yet (${notAired(unairedAsked)}). Rate it anyway?`}
                onYes={() => {
                  setUnairedAsked(undefined);
                  rating.open(unairedAsked);
                }}
                onNo={() => setUnairedAsked(undefined)}
                yes="rates it"
                no="leaves it"
              />
            ) : (
              <RatingPanel
                rating={rating}
                describe={(index) => `“${episodes[index]?.name ?? ''}”`}
                idleHint={
                  quick.on && notAired(cursor) !== undefined
                    ? `Rating mode: ${refs[cursor] ? episodeLabel(refs[cursor]) : 'this episode'} has not aired yet (${notAired(cursor)}), so digits skip it · ${hintLine(['rating.open', 'rates it after asking'], ['rating.quickHalf', 'adds ½ to the last'], ['rating.quickBack', 'takes back'], ['rating.quickLeave', 'leaves'])}${quick.last ? ` · last: ${episodeLabel(quick.last.episode)} ${formatRating(quick.last.value)}` : ''}`
                    : quick.on
                    ? `Rating mode: ${keyHintFor('rating.quickRate', '1')}-${keyHintFor('rating.quickRate', '9')} rate ${refs[cursor] ? episodeLabel(refs[cursor]) : 'the highlighted episode'} and move on (${keyHintFor('rating.quickRate', '10')} is 10) · ${hintLine(['rating.quickHalf', 'adds ½ to the last'], ['rating.quickBack', 'takes back'], ['rating.undo', 'undoes'], ['rating.quickLeave', 'leaves'])}${quick.last ? ` · last: ${episodeLabel(quick.last.episode)} ${formatRating(quick.last.value)}` : ''}`
                    : selected
                    ? `${selected.size} selected${selection?.from !== undefined ? ': move to extend' : ''} · ${keyHint('rating.select')} starts another run · ${keyHint('rating.open')} rates them all · ${keyHint('rating.clearSelection')} clears`
                    : `${keyHint('rating.open')} rates the highlighted episode (${keyHint('rating.save')} saves, then the next) · ${hintLine(['rating.select', 'selects several'], ['rating.unrated', 'rates all unrated'], ['rating.delete', 'deletes a rating'])}`
                }
              />
            )}
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

/** Where the "Mine" column comes from, and how far loading it got. */
function RatingsSource({ rated, total, season }: { rated: number; total: number; season: string }) {
  const theme = useTheme();
  const session = useAppState((s) => s.session.current);
  const status = useAppState((s) => (s.session.current.kind === 'guest' ? s.ratings.guestSeasons[season]?.status : s.ratings.accountStatus));
  const error = useAppState((s) => (s.session.current.kind === 'guest' ? s.ratings.guestSeasons[season]?.error : s.ratings.accountError));
  const count = `${formatCount(rated)} of ${formatCount(total)} rated`;
  if (session.kind === 'none') {
    return (
      <Text color={theme.muted} wrap="truncate-end">
        Not signed in: your first rating starts a guest session ({keyHint('app.session')} signs in instead).
      </Text>
    );
  }
  if (status === 'error') {
    return (
      <Text color={theme.danger} wrap="truncate-end">
        ✗ Could not load your ratings: {error?.message ?? 'failed'} · {keyHint('tv.retryPart')} tries again
      </Text>
    );
  }
  const whose = session.kind === 'guest' ? 'the guest session' : displayName(session);
  if (status === 'loading') return <Spinner label={`Loading the ratings of ${whose}…`} />;
  return (
    <Text color={theme.muted} wrap="truncate-end">
      {session.kind === 'guest' ? `Guest session: ${count}.` : `Ratings of ${whose}: ${count}.`}
    </Text>
  );
}
