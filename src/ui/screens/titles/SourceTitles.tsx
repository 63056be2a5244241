import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { MovieListItem, TvListItem } from '../../../contract/index.js';
import { titleSourceKind, titleSourceRead, type TitleSource } from '../../../state/index.js';
import type { TitleListProps } from '../../components/PagedPreviewList.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { printable, truncate } from '../../format.js';
import { usePagedSource, type PagedQuery } from '../../queries.js';
import { useTheme } from '../../theme.js';
import { FilmList } from '../movies/FilmList.js';
import { SeriesList } from '../tv/SeriesList.js';

/** The titles of a source, loaded: films or series, as the list of that kind takes them. */
export type SourceTitlesQuery =
  | { readonly kind: 'movie'; readonly query: PagedQuery<MovieListItem> }
  | { readonly kind: 'tv'; readonly query: PagedQuery<TvListItem> };

/** The paged titles of a source (state says how the service is asked); a new source object for the same titles loads nothing. */
export function useSourceTitles(source: TitleSource): SourceTitlesQuery {
  const read = useMemo(() => titleSourceRead(source), [JSON.stringify(source)]);
  // Both hooks every time, so hooks stay in order when a screen's source changes kind.
  const films = usePagedSource(read.kind === 'movie' ? read.source : undefined);
  const series = usePagedSource(read.kind === 'tv' ? read.source : undefined);
  return read.kind === 'movie' ? { kind: 'movie', query: films } : { kind: 'tv', query: series };
}

/** "12 films", "3 series" once the first page is in; undefined before. */
function titleCount(titles: SourceTitlesQuery): string | undefined {
  return titles.query.status === 'ready' ? `${titles.query.totalResults} ${titles.kind === 'tv' ? 'series' : 'films'}` : undefined;
}

/** The list of a source's titles: films as film lists draw them, series as series lists do. */
export function SourceTitleList({ titles, ...props }: { readonly titles: SourceTitlesQuery } & Omit<TitleListProps<unknown>, 'query'>) {
  return titles.kind === 'movie' ? <FilmList {...props} query={titles.query} /> : <SeriesList {...props} query={titles.query} />;
}

export interface SourceTitlesPageProps {
  readonly entryKey: string;
  readonly source: TitleSource;
  readonly width: number;
  readonly height: number;
  readonly title: string;
  /** The title line's hint; the number of titles when not given. */
  readonly hint?: string;
  /** A line about what lists them (a company's or network's details), under the title. */
  readonly about?: string;
  /** "the films with this keyword": what a failure or the filter names. */
  readonly what: string;
  readonly emptyText: string;
}

/**
 * A page that lists what a source holds (a keyword's, a company's, a network's titles): its title
 * line, a line about it, then the titles, most popular first; Enter opens one.
 */
export function SourceTitlesPage({ entryKey, source, width, height, title, hint, about, what, emptyText }: SourceTitlesPageProps) {
  const theme = useTheme();
  const titles = useSourceTitles(source);
  const listHeight = height - (about === undefined ? 1 : 2);
  return (
    <Box flexDirection="column" height={height}>
      <ScreenTitle title={title} hint={hint ?? titleCount(titles)} />
      {about === undefined ? null : (
        <Text color={theme.muted} wrap="truncate-end">
          {truncate(printable(about), width)}
        </Text>
      )}
      <SourceTitleList
        titles={titles}
        id={`${entryKey}:${titleSourceKind(source) === 'movie' ? 'films' : 'series'}`}
        what={what}
        width={width}
        height={listHeight}
        emptyText={emptyText}
      />
    </Box>
  );
}
