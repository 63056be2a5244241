import { Box, Text } from 'ink';
import { useState } from 'react';
import { useCommands } from '../../commands.js';
import { hintLine } from '../../hints.js';
import { usePagedOperation } from '../../queries.js';
import { useTheme } from '../../theme.js';
import { FilmList } from '../movies/FilmList.js';
import { SeriesList } from '../tv/SeriesList.js';
import type { WatchTitle } from './WatchProvidersView.js';

type Kind = 'recommended' | 'similar';

const HEADINGS: Readonly<Record<Kind, string>> = { recommended: 'Recommended', similar: 'Similar' };

/** More like a film or series: the service's recommendations or its similar titles (paged, with the preview pane at 120 columns and wider); t switches, Enter opens one. */
export function RelatedView({ title, entryKey, width, height }: { title: WatchTitle; entryKey: string; width: number; height: number }) {
  const theme = useTheme();
  const [kind, setKind] = useState<Kind>('recommended');
  useCommands('screen', ['related'], { 'related.kind': () => setKind((k) => (k === 'recommended' ? 'similar' : 'recommended')) });
  const other = kind === 'recommended' ? 'similar' : 'recommended';
  const listHeight = height - 1;
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate-end">
        <Text bold>{HEADINGS[kind]}</Text>
        <Text color={theme.muted}> · {hintLine(['related.kind', `shows the ${other} ${title.kind === 'movie' ? 'movies' : 'series'}`], ['list.open', 'opens one'])}</Text>
      </Text>
      {title.kind === 'movie' ? (
        <RelatedMovies id={title.id} kind={kind} entryKey={entryKey} width={width} height={listHeight} />
      ) : (
        <RelatedSeries id={title.id} kind={kind} entryKey={entryKey} width={width} height={listHeight} />
      )}
    </Box>
  );
}

type ListProps = { id: number; kind: Kind; entryKey: string; width: number; height: number };

/** A related list's id, name and empty text: the same for films and series but for the noun. */
function relatedList({ kind, entryKey, width, height }: ListProps, noun: 'movies' | 'series') {
  return {
    id: `${entryKey}:related:${kind}`,
    what: `the ${kind} ${noun}`,
    width,
    height,
    emptyText: kind === 'recommended' ? `The service recommends no ${noun} with this one.` : `The service knows no similar ${noun}.`,
  };
}

function RelatedMovies(props: ListProps) {
  const { id, kind } = props;
  const recommended = usePagedOperation('movieRecommendations', { path: { movie_id: id } }, { enabled: kind === 'recommended' });
  const similar = usePagedOperation('similarMovies', { path: { movie_id: id } }, { enabled: kind === 'similar' });
  return <FilmList key={kind} {...relatedList(props, 'movies')} query={kind === 'recommended' ? recommended : similar} />;
}

function RelatedSeries(props: ListProps) {
  const { id, kind } = props;
  const recommended = usePagedOperation('seriesRecommendations', { path: { series_id: id } }, { enabled: kind === 'recommended' });
  const similar = usePagedOperation('similarSeries', { path: { series_id: id } }, { enabled: kind === 'similar' });
  return <SeriesList key={kind} {...relatedList(props, 'series')} query={kind === 'recommended' ? recommended : similar} />;
}
