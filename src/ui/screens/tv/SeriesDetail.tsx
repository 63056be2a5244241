import { Box } from 'ink';
import { useCommands } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { hintLine } from '../../hints.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { cycleView, ViewBar, type ViewTab } from '../../components/ViewBar.js';
import { BesidePicture } from '../../components/Picture.js';
import { keyHint, keyHintFor } from '../../keymap.js';
import { useSeriesScreenRecord } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { useScreenView } from '../screen-view.js';
import { SeriesDocument } from './SeriesDocument.js';
import { SeriesCreditsView } from '../people/CreditsView.js';
import { TITLE_MARKS_ROWS, TitleMarks } from '../titles/TitleMarks.js';
import { RelatedView } from '../titles/RelatedView.js';
import { VideosView } from '../titles/VideosView.js';
import { ReviewsView } from '../reviews/ReviewsView.js';
import { WatchProvidersView } from '../titles/WatchProvidersView.js';
import { queryState, seriesName, type AppStore, type Source } from '../../../state/index.js';
import { useStatsSource } from '../stats/useStatsSource.js';
import { useAppStore } from '../../store-context.js';
import { useCertificationHere } from '../titles/certification-here.js';

type View = 'details' | 'credits' | 'providers' | 'videos' | 'related' | 'reviews';

const VIEWS: readonly ViewTab<View>[] = [
  { id: 'details', key: keyHintFor('series.view', 'details'), label: 'Details' },
  { id: 'credits', key: keyHintFor('series.view', 'credits'), label: 'Cast & crew', short: 'Cast' },
  { id: 'providers', key: keyHintFor('series.view', 'providers'), label: 'Watch' },
  { id: 'videos', key: keyHintFor('series.view', 'videos'), label: 'Videos' },
  { id: 'related', key: keyHintFor('series.view', 'related'), label: 'Like this' },
  { id: 'reviews', key: keyHint('series.reviews'), label: 'Reviews' },
];

/** A TV series by id (pushed from the popular list, search results, ...): see SeriesScreen. */
export function SeriesDetail({ entry, width, height }: ScreenProps<Titled & { readonly id: number; readonly view?: string }>) {
  return <SeriesScreen entry={entry} id={entry.params.id} title={(name) => name ?? entry.params.title} width={width} height={height} />;
}

interface SeriesScreenProps {
  readonly entry: { readonly key: string; readonly params: { readonly view?: string } };
  readonly id: number;
  /** The screen's title from the series' name, once loaded ("Latest series: ..." for the latest). */
  readonly title: (name: string | undefined) => string;
  readonly width: number;
  readonly height: number;
}

/**
 * A series' whole screen, the same wherever it was reached (by id, or as the latest series):
 * its details (see SeriesDocument) beside the poster, cast and crew, where to watch it, its
 * videos, more like it, its reviews, and the marks panel.
 */
export function SeriesScreen({ entry, id, title, width, height }: SeriesScreenProps) {
  const series = useSeriesScreenRecord(id);
  const value = series.data;
  const [view, setView] = useScreenView<View>(entry, VIEWS, 'details');
  const store = useAppStore();
  // Asked once the record is there: its content ratings come with it.
  const certification = useCertificationHere('tv', value !== undefined ? id : undefined);
  const statsSource = useStatsSource();
  /** The heat map of the series, read from my ratings (the Stats view's read, kept for the session); a notice when I rated none of its episodes. */
  const openHeatMap = async (name: string) => {
    const notify = store.getState().notifications.notify;
    if (!statsSource) {
      notify(`The heat map draws your ratings of ${name}'s episodes: ${keyHint('app.session')} signs in (rating an episode starts a guest session).`, 'info');
      return;
    }
    await loadedNow(store, statsSource);
    const stats = queryState(store.getState().queries, statsSource);
    if (!stats.data) {
      notify(`Could not read your ratings for the heat map: ${stats.error?.message ?? 'no answer'}`, 'warning');
      return;
    }
    if (!stats.data.data.episodes.some((episode) => episode.seriesId === id)) {
      notify(`No episode of ${name} rated yet: rate some on a season (${keyHint('rating.open')}), then ${keyHint('series.heatMap')} draws its heat map.`, 'info');
      return;
    }
    store.getState().nav.push('lists.statsHeatMap', { seriesId: id, title: name });
  };
  useCommands(
    'screen',
    ['tv.detail', 'views'],
    {
      'series.view': setView,
      'series.reviews': () => setView('reviews'),
      'series.heatMap': value ? () => void openHeatMap(seriesName(value)) : undefined,
      'series.certifications': value ? () => store.getState().nav.push('titles.certifications', { kind: 'tv', id, name: seriesName(value) }) : undefined,
      'view.cycle': (direction) => setView((v) => cycleView(VIEWS, v, direction === 'next' ? 1 : -1)),
    },
    value !== undefined,
  );
  const shownTitle = title(value?.name ?? undefined);
  // Title, view bar and the marks panel take their rows; the view has the rest.
  const bodyHeight = height - 2 - TITLE_MARKS_ROWS;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={shownTitle} hint={titleHint(shownTitle, certification, view === 'details', width)} />
      <Loadable status={series.status} error={series.error} hasValue={value !== undefined} what="the series" onRetry={series.retry}>
        {value ? (
          <Box flexDirection="column" height={height - 1}>
            <ViewBar views={VIEWS} current={view} width={width} />
            {view === 'details' ? (
              <BesidePicture kind="poster" filePath={value.poster_path} what="poster" width={width} height={bodyHeight}>
                {(textWidth) => <SeriesDocument series={value} entryKey={entry.key} width={textWidth} height={bodyHeight} />}
              </BesidePicture>
            ) : view === 'credits' ? (
              <SeriesCreditsView entryKey={entry.key} seriesId={id} width={width} height={bodyHeight} />
            ) : view === 'providers' ? (
              <WatchProvidersView title={{ kind: 'tv', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : view === 'videos' ? (
              <VideosView title={{ kind: 'tv', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : view === 'reviews' ? (
              <ReviewsView title={{ kind: 'tv', id, title: value.name ?? title(undefined) }} entryKey={entry.key} width={width} height={bodyHeight} />
            ) : (
              <RelatedView title={{ kind: 'tv', id }} entryKey={entry.key} width={width} height={bodyHeight} />
            )}
            <TitleMarks title={{ kind: 'tv', id, title: seriesName(value) }} />
          </Box>
        ) : null}
      </Loadable>
    </Box>
  );
}

/**
 * The header's right side: the series' certification here with the key to every country's,
 * then (on the details, when the name still fits beside it) that Enter opens a season.
 */
function titleHint(title: string, certification: string | undefined, details: boolean, width: number): string | undefined {
  const rating = certification ? `${certification} · ${hintLine(['series.certifications', 'every country'])}` : '';
  const season = details ? hintLine(['list.open', 'opens a season']) : '';
  const both = [rating, season].filter(Boolean).join(' · ');
  if (!rating || title.length + both.length + 1 <= width) return both || undefined;
  return rating;
}

/** Loads the read (or waits for the load under way to end). */
async function loadedNow<T>(store: AppStore, source: Source<T>): Promise<void> {
  await store.getState().queries.load(source);
  await new Promise<void>((resolve) => {
    const done = () => store.getState().queries.entries[source.key]?.status !== 'loading';
    if (done()) return resolve();
    const stop = store.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}
