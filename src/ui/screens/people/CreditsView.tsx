import { Box, Text } from 'ink';
import { aggregateCreditRows, movieCreditRows, type CreditRow } from '../../../state/index.js';
import { Loadable } from '../../components/Loadable.js';
import { ScrollList } from '../../components/ScrollList.js';
import { fit, formatCount } from '../../format.js';
import { hintLine } from '../../hints.js';
import { useOperation, type Query } from '../../queries.js';
import { rowWidth } from '../../rows.js';
import { useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { openPerson } from './links.js';

/** "Mira Holm           as Detective Ash      12 episodes": the name in a column, the part after; cut, never wrapped. */
export function creditLine(row: CreditRow, width: number): string {
  const episodes = row.episodes === undefined ? '' : ` ${formatCount(row.episodes)} ep`;
  const nameWidth = Math.min(28, Math.max(10, Math.floor(width * 0.4)));
  const partWidth = Math.max(0, width - nameWidth - 1 - episodes.length);
  return `${fit(row.name, nameWidth)} ${fit(row.part, partWidth)}${episodes}`;
}

interface CreditsListProps {
  readonly id: string;
  readonly rows: readonly CreditRow[];
  readonly width: number;
  readonly height: number;
  readonly what: string;
}

/** The cast and crew as one list: a line says how many of each; Enter follows a row to the person. */
function CreditsList({ id, rows, width, height, what }: CreditsListProps) {
  const store = useAppStore();
  const theme = useTheme();
  const cast = rows.filter((row) => row.section === 'cast').length;
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.muted} wrap="truncate-end">
        Cast ({formatCount(cast)}) then crew ({formatCount(rows.length - cast)}) · {hintLine(['list.open', 'opens the person'])}
      </Text>
      <ScrollList<CreditRow>
        id={id}
        items={rows}
        height={height - 1}
        getKey={(row) => row.key}
        renderRow={(row) => creditLine(row, rowWidth(width))}
        onOpen={(row) => openPerson(store, row.personId, row.name)}
        emptyText={`The service lists no cast or crew for ${what}.`}
      />
    </Box>
  );
}

type CreditsViewProps = { entryKey: string; width: number; height: number };

/** A title's cast and crew as one list once they are loaded (a spinner, or the error with its retry, before). */
function LoadedCredits<T>({ credits, rows, what, entryKey, width, height }: CreditsViewProps & { credits: Query<T>; rows: (credits: T) => readonly CreditRow[]; what: string }) {
  const value = credits.data;
  return (
    <Loadable status={credits.status} error={credits.error} hasValue={value !== undefined} what="the cast and crew" onRetry={credits.retry}>
      {value ? <CreditsList id={`${entryKey}:credits`} rows={rows(value)} width={width} height={height} what={what} /> : null}
    </Loadable>
  );
}

/** A film's cast and crew (movie credits). */
export function MovieCreditsView({ movieId, ...props }: CreditsViewProps & { movieId: number }) {
  const credits = useOperation('movieCredits', { path: { movie_id: movieId } });
  return <LoadedCredits {...props} credits={credits} rows={movieCreditRows} what="this movie" />;
}

/** Everyone in any episode of a series, with their episode counts (aggregate credits). */
export function SeriesCreditsView({ seriesId, ...props }: CreditsViewProps & { seriesId: number }) {
  const credits = useOperation('seriesAggregateCredits', { path: { series_id: seriesId } });
  return <LoadedCredits {...props} credits={credits} rows={aggregateCreditRows} what="this series" />;
}
