import { Box, Text } from 'ink';
import type { Video } from '../../../contract/index.js';
import { videoAddress } from '../../../contract/vocabulary.js';
import { Loadable } from '../../components/Loadable.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, formatDate, printable } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useCommands } from '../../commands.js';
import { addressHandlers, useAddressActions } from '../../components/address-actions.js';
import { useTheme } from '../../theme.js';
import type { WatchTitle } from './WatchProvidersView.js';

/** Trailers first, then teasers, then the rest; within a kind official ones, then the newest. */
const TYPE_ORDER = ['Trailer', 'Teaser'];
const typeRank = (type: string | null | undefined) => {
  const rank = TYPE_ORDER.indexOf(type ?? '');
  return rank < 0 ? TYPE_ORDER.length : rank;
};

export function sortVideos(videos: readonly Video[]): Video[] {
  return [...videos].sort(
    (a, b) =>
      typeRank(a.type) - typeRank(b.type) ||
      Number(Boolean(b.official)) - Number(Boolean(a.official)) ||
      (b.published_at ?? '').localeCompare(a.published_at ?? ''),
  );
}

/** "Trailer      Official Trailer                 YouTube  official  12 Apr 2023" */
export function videoRow(video: Video, width: number): string {
  const type = fit(printable(video.type || 'unknown'), 17);
  const site = fit(printable(video.site || 'unknown'), 11);
  const official = video.official == null ? 'unknown ' : video.official ? 'official' : '        ';
  const date = formatDate(video.published_at).padStart(12);
  const right = `  ${site}  ${official}  ${date}`;
  const nameWidth = width - type.length - right.length - 1;
  if (nameWidth < 10) return `${type} ${fit(printable(video.name || 'untitled'), Math.max(1, width - type.length - 1))}`.trimEnd();
  return `${type} ${fit(printable(video.name || 'untitled'), nameWidth)}${right}`;
}

/** A film's or series' videos (trailers first), each with its site; Enter opens one in the browser. */
export function VideosView({ title, entryKey, width, height }: { title: WatchTitle; entryKey: string; width: number; height: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const actions = useAddressActions();
  const movie = useOperation('movieVideos', { path: { movie_id: title.id } }, { enabled: title.kind === 'movie' });
  const series = useOperation('seriesVideos', { path: { series_id: title.id } }, { enabled: title.kind === 'tv' });
  const read = title.kind === 'movie' ? movie : series;
  const value = read.data;
  const videos = value ? sortVideos(value.results ?? []) : [];
  const addressOf = (video: Video) => {
    const url = video.key ? videoAddress(video.site, video.key) : undefined;
    return url ? { url, what: 'the video' } : undefined;
  };
  const noAddress = (video: Video | undefined) => `No address is known for videos on ${video?.site || 'an unknown site'}`;
  const open = (video: Video) => {
    const address = addressOf(video);
    if (address) actions.open(address);
    else store.getState().notifications.notify(`Not opened: ${noAddress(video).replace(/^No/, 'no')}`, 'warning');
  };
  const listId = `${entryKey}:videos`;
  const index = useAppState((s) => s.nav.cursors[listId]?.index ?? 0);
  const highlighted = videos[Math.min(index, videos.length - 1)];
  useCommands('screen', ['address'], addressHandlers(actions, highlighted && addressOf(highlighted), noAddress(highlighted)), videos.length > 0);
  return (
    <Loadable status={read.status} error={read.error} hasValue={value !== undefined} what="the videos" onRetry={read.retry}>
      {value ? (
        <Box flexDirection="column" height={height}>
          <Text color={theme.muted} wrap="truncate-end">
            {videos.length} {videos.length === 1 ? 'video' : 'videos'}
            {videos.length > 0 ? ` · ${hintLine(['list.open', 'opens the highlighted one in the browser'], ['address.copy', 'copies its address'])}` : ''}
          </Text>
          <ScrollList<Video>
            id={listId}
            items={videos}
            height={height - 1}
            getKey={(video, index) => video.id ?? `video${index}`}
            renderRow={(video) => videoRow(video, rowWidth(width))}
            onOpen={open}
            emptyText="The service has no videos of this title."
          />
        </Box>
      ) : null}
    </Loadable>
  );
}
