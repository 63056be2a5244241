import { Box } from 'ink';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable } from '../../format.js';
import { usePagedOperation } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { FilmList } from './FilmList.js';

/** The films with a keyword, most popular first; Enter opens a film. */
export function KeywordScreen({ entry, width, height }: ScreenProps<Titled & { readonly id: number }>) {
  const films = usePagedOperation('keywordMovies', { path: { keyword_id: entry.params.id } });
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`Keyword: ${printable(entry.params.title)}`} hint={films.status === 'ready' ? `${films.totalResults} films` : undefined} />
      <FilmList
        id={`${entry.key}:films`}
        query={films}
        what="the films with this keyword"
        width={width}
        height={height - 1}
        emptyText="The catalog has no films with this keyword."
      />
    </Box>
  );
}
