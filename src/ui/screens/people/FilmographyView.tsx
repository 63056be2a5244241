import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { filmographyRows, type FilmographyOrder, type FilmographyRow } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { Loadable } from '../../components/Loadable.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, formatCount, yearOf } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { openTitle } from './links.js';

const ORDER_NAMES: Readonly<Record<FilmographyOrder, string>> = { date: 'newest first', popularity: 'most popular first' };

/** "2019  film  The Orchard Road          as Mira Holm · Director": year, kind, title, parts; cut, never wrapped. */
export function filmographyLine(row: FilmographyRow, width: number): string {
  const year = (yearOf(row.date) || '----').padEnd(4);
  const kind = row.kind === 'movie' ? 'film  ' : 'series';
  const episodes = row.episodes === undefined ? '' : ` (${formatCount(row.episodes)} ep)`;
  const head = `${year}  ${kind}  `;
  const titleWidth = Math.min(36, Math.max(8, Math.floor((width - head.length) * 0.5)));
  const rest = Math.max(0, width - head.length - titleWidth - 1);
  return `${head}${fit(row.title, titleWidth)} ${fit(row.parts.join(' · ') + episodes, rest)}`;
}

/**
 * A person's films and series (combined credits), cast and crew together, each with the
 * person's parts in it; a key switches between newest first and most popular first, and Enter
 * opens the film or series.
 */
export function FilmographyView({ entryKey, personId, width, height }: { entryKey: string; personId: number; width: number; height: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const [order, setOrder] = useState<FilmographyOrder>('date');
  const credits = useOperation('personCombinedCredits', { path: { person_id: personId } });
  const value = credits.data;
  const rows = useMemo(() => (value ? filmographyRows(value, order) : []), [value, order]);
  useCommands('screen', ['filmography'], { 'filmography.order': () => setOrder((o) => (o === 'date' ? 'popularity' : 'date')) }, value !== undefined);
  const other = order === 'date' ? 'popularity' : 'date';
  return (
    <Loadable status={credits.status} error={credits.error} hasValue={value !== undefined} what="the filmography" onRetry={credits.retry}>
      {value ? (
        <Box flexDirection="column" height={height}>
          <Text wrap="truncate-end">
            <Text bold>{formatCount(rows.length)} titles, {ORDER_NAMES[order]}</Text>
            <Text color={theme.muted}> · {hintLine(['filmography.order', `sorts by ${other}`], ['list.open', 'opens one'])}</Text>
          </Text>
          <ScrollList<FilmographyRow>
            key={order}
            id={`${entryKey}:filmography:${order}`}
            items={rows}
            height={height - 1}
            getKey={(row) => row.key}
            renderRow={(row) => filmographyLine(row, rowWidth(width))}
            onOpen={(row) => openTitle(store, row.kind, row.id, row.title)}
            emptyText="The service lists no films or series for this person."
          />
        </Box>
      ) : null}
    </Loadable>
  );
}
