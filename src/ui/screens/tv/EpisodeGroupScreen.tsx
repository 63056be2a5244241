import { Box, Text } from 'ink';
import { EPISODE_GROUP_TYPE_NAMES } from '../../../contract/vocabulary.js';
import { DocumentView } from '../../components/DocumentView.js';
import { Loadable } from '../../components/Loadable.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps, Titled } from '../screen.js';
import { DocBuilder, docWidth } from './doc.js';
import { episodeSummaryLine, plural } from './SeriesDocument.js';
import { episodeParams } from './params.js';

/** tv.episodeGroup: { id: "5e9077d2…", seriesId, title: "DVD Order" } */
export interface EpisodeGroupParams extends Titled {
  readonly id: string;
  readonly seriesId: number;
}

/**
 * An episode group of a series (DVD order, story arcs...): each of its parts with its episodes
 * in the group's order; Enter on an episode opens it.
 */
export function EpisodeGroupScreen({ entry, width, height }: ScreenProps<EpisodeGroupParams>) {
  const store = useAppStore();
  const theme = useTheme();
  const { id, seriesId } = entry.params;
  const group = useOperation('episodeGroupDetails', { path: { tv_episode_group_id: id } });
  const value = group.data;
  const doc = new DocBuilder(docWidth(width), theme);
  let firstEpisode = -1;
  if (value) {
    const groups = value.groups ?? [];
    const kind = value.type != null ? EPISODE_GROUP_TYPE_NAMES[value.type] : undefined;
    doc.text('about', [kind, value.network?.name, `${plural(value.episode_count ?? 0, 'episode')} in ${plural(value.group_count ?? groups.length, 'part')}`].filter(Boolean).join(' · '), 0, theme.muted);
    if (value.description) doc.text('description', value.description);
    const parts = [...groups].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    for (const part of parts) {
      doc.blank();
      const episodes = [...(part.episodes ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      doc.heading(`part:${part.id}`, part.name || `Part ${part.order ?? ''}`.trim(), `· ${plural(episodes.length, 'episode')}`);
      for (const episode of episodes) {
        if (firstEpisode < 0) firstEpisode = doc.lines.length;
        doc.line(`episode:${part.id}:${episode.id}`, <Text>  {episodeSummaryLine(episode)}</Text>, () =>
          store.getState().nav.push('tv.episode', episodeParams(episode.show_id ?? seriesId, episode)),
        );
      }
    }
    if (parts.length === 0) doc.text('empty', 'This group lists no episodes.');
  }
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={value?.name ?? entry.params.title} hint={hintLine(['list.open', 'opens an episode'])} />
      <Loadable status={group.status} error={group.error} hasValue={value !== undefined} what="the episode group" onRetry={group.retry}>
        <DocumentView id={`${entry.key}:group`} lines={doc.lines} height={height - 1} initialLine={Math.max(0, firstEpisode)} />
      </Loadable>
    </Box>
  );
}
