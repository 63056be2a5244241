import { Box } from 'ink';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable } from '../../format.js';
import { usePagedOperation } from '../../queries.js';
import type { ScreenProps, Titled } from '../screen.js';
import { SeriesList } from '../tv/SeriesList.js';
import { FilmList } from './FilmList.js';

/** movies.keyword: { id, title: "heist" }, and `kind: 'tv'` when opened from a series. */
export interface KeywordParams extends Titled {
  readonly id: number;
  /** What the keyword lists: films (the default, from a film) or series (from a series). */
  readonly kind?: 'movie' | 'tv';
}

/** The films, or the series, with a keyword, most popular first; Enter opens one. */
export function KeywordScreen({ entry, width, height }: ScreenProps<KeywordParams>) {
  const { id, title } = entry.params;
  const series = entry.params.kind === 'tv';
  const films = usePagedOperation('keywordMovies', { path: { keyword_id: id } }, { enabled: !series });
  const shows = usePagedOperation('discoverSeries', { query: { with_keywords: String(id) } }, { enabled: series });
  const shown = series ? shows : films;
  const count = shown.status === 'ready' ? `${shown.totalResults} ${series ? 'series' : 'films'}` : undefined;
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={`Keyword: ${printable(title)}`} hint={count} />
      {series ? (
        <SeriesList
          id={`${entry.key}:series`}
          query={shows}
          what="the series with this keyword"
          width={width}
          height={height - 1}
          emptyText="The catalog has no series with this keyword."
        />
      ) : (
        <FilmList
          id={`${entry.key}:films`}
          query={films}
          what="the films with this keyword"
          width={width}
          height={height - 1}
          emptyText="The catalog has no films with this keyword."
        />
      )}
    </Box>
  );
}
