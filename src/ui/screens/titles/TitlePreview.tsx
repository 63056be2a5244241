import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { MovieListItem, MultiSearchItem, TvListItem } from '../../../contract/index.js';
import { formatRating, movieName, personName, seriesName } from '../../../state/index.js';
import { formatDate, formatDecimal, formatVote, languageName, printable, truncate } from '../../format.js';
import { useOperation } from '../../queries.js';
import { PreviewBody } from '../../components/PreviewSplit.js';
import { WithPicture } from '../../components/Picture.js';
import { useSettled } from '../../settled.js';
import { useAppState } from '../../store-context.js';
import { useTheme } from '../../theme.js';

/** What the preview pane says of a film or a series of a list. */
export interface PreviewedTitle {
  readonly kind: 'movie' | 'tv';
  readonly id: number;
  readonly title: string;
  readonly originalTitle?: string | null;
  readonly originalLanguage?: string | null;
  readonly date?: string | null;
  readonly voteAverage?: number | null;
  readonly voteCount?: number | null;
  readonly popularity?: number | null;
  readonly genreIds?: readonly number[] | null;
  readonly overview?: string | null;
  readonly posterPath?: string | null;
}

export function previewedMovie(movie: MovieListItem): PreviewedTitle {
  return {
    kind: 'movie', id: movie.id, title: movieName(movie), originalTitle: movie.original_title,
    originalLanguage: movie.original_language, date: movie.release_date, voteAverage: movie.vote_average, voteCount: movie.vote_count,
    popularity: movie.popularity, genreIds: movie.genre_ids, overview: movie.overview, posterPath: movie.poster_path,
  };
}

export function previewedSeries(series: TvListItem): PreviewedTitle {
  return {
    kind: 'tv', id: series.id, title: seriesName(series), originalTitle: series.original_name,
    originalLanguage: series.original_language, date: series.first_air_date, voteAverage: series.vote_average, voteCount: series.vote_count,
    popularity: series.popularity, genreIds: series.genre_ids, overview: series.overview, posterPath: series.poster_path,
  };
}

/** A film row's preview, as PreviewSplit draws it beside a list of films. */
export function moviePreview(movie: MovieListItem, size: { width: number; height: number }): ReactNode {
  return <TitlePreview title={previewedMovie(movie)} {...size} />;
}

/** A series row's preview, as PreviewSplit draws it beside a list of series. */
export function seriesPreview(series: TvListItem, size: { width: number; height: number }): ReactNode {
  return <TitlePreview title={previewedSeries(series)} {...size} />;
}

/** How long the cursor rests on a row before the account's marks of it are asked for: a fast scroll asks nothing. */
export const PREVIEW_SETTLE_MS = 250;

/** My rating, watchlist and favourite of the title, once the cursor rests on it (signed in only). */
function MarksLine({ title }: { title: PreviewedTitle }) {
  const theme = useTheme();
  const sessionKind = useAppState((s) => s.session.current.kind);
  const key = `${title.kind}/${title.id}`;
  const settled = useSettled(key, key, PREVIEW_SETTLE_MS) === key;
  const enabled = sessionKind !== 'none' && settled;
  const movie = useOperation('movieAccountStates', { path: { movie_id: title.id } }, { enabled: enabled && title.kind === 'movie' });
  const series = useOperation('seriesAccountStates', { path: { series_id: title.id } }, { enabled: enabled && title.kind === 'tv' });
  if (sessionKind === 'none') return null;
  const states = (title.kind === 'movie' ? movie : series).data;
  if (!states) return <Text color={theme.muted}>Your marks: {settled ? 'loading…' : '…'}</Text>;
  const rated = states.rated && typeof states.rated.value === 'number' ? `your rating ${formatRating(states.rated.value)}` : 'not rated by you';
  const marks = [rated, states.watchlist ? 'on your watchlist' : '', states.favorite ? 'a favourite' : ''].filter(Boolean).join(' · ');
  return (
    <Text color={theme.success} wrap="truncate-end">
      {marks}
    </Text>
  );
}

/** Genre names from the service's genre list (one request per kind, kept); ids it does not name are left out. */
function useGenreNames(kind: 'movie' | 'tv', ids: readonly number[] | null | undefined): string {
  const genres = useOperation(kind === 'movie' ? 'movieGenres' : 'seriesGenres', {}, { enabled: (ids?.length ?? 0) > 0 });
  const names = new Map((genres.data?.genres ?? []).map((genre) => [genre.id, genre.name]));
  return (ids ?? []).map((id) => names.get(id)).filter(Boolean).join(', ');
}

/**
 * A film or a series in the preview pane: its title, year and original title, the vote, the
 * genres, my marks when signed in, and as much of the overview as the pane holds.
 */
export function TitlePreview({ title, width, height }: { title: PreviewedTitle; width: number; height: number }) {
  const theme = useTheme();
  const genres = useGenreNames(title.kind, title.genreIds);
  const what = title.kind === 'movie' ? 'Released' : 'First aired';
  const original =
    title.originalTitle && title.originalTitle !== title.title
      ? `${printable(title.originalTitle)}${title.originalLanguage ? ` (${languageName(title.originalLanguage)})` : ''}`
      : '';
  const facts: ReactNode[] = [
    <Text key="title" bold wrap="truncate-end">
      {truncate(printable(title.title), width)}
    </Text>,
  ];
  if (original) facts.push(<Text key="original" color={theme.muted} wrap="truncate-end">{truncate(original, width)}</Text>);
  facts.push(<Text key="date" wrap="truncate-end">{title.date ? `${what} ${formatDate(title.date)}` : `${what}: not known`}</Text>);
  facts.push(
    <Text key="vote" wrap="truncate-end">
      Vote {formatVote(title.voteAverage, title.voteCount)} · popularity {formatDecimal(title.popularity)}
    </Text>,
  );
  if (genres) facts.push(<Text key="genres" color={theme.muted} wrap="truncate-end">{truncate(genres, width)}</Text>);
  facts.push(<MarksLine key={`marks:${title.kind}/${title.id}`} title={title} />);
  return (
    <WithPicture kind="poster" filePath={title.posterPath} what="poster" width={width} height={height}>
      {(room) => <PreviewBody facts={facts} text={title.overview || 'No overview.'} width={width} height={room} />}
    </WithPicture>
  );
}

/** A person in the preview pane (a search result): what they are known for. */
export function PersonPreview({ person, width, height }: { person: Extract<MultiSearchItem, { media_type: 'person' }>; width: number; height: number }) {
  return (
    <WithPicture kind="profile" filePath={person.profile_path} what="profile picture" width={width} height={height}>
      {() => <PersonFacts person={person} width={width} />}
    </WithPicture>
  );
}

function PersonFacts({ person, width }: { person: Extract<MultiSearchItem, { media_type: 'person' }>; width: number }) {
  const theme = useTheme();
  const known = (person.known_for ?? []).map((k) => k.title ?? k.name).filter((t): t is string => Boolean(t));
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {truncate(printable(personName(person)), width)}
      </Text>
      <Text color={theme.muted}>{person.known_for_department ? `Known for ${person.known_for_department.toLowerCase()}` : 'Known for: not said'}</Text>
      <Text> </Text>
      <Text bold color={theme.muted}>
        Known for
      </Text>
      {known.length === 0 ? <Text color={theme.muted}>nothing listed</Text> : known.map((name, i) => <Text key={i}>{truncate(printable(name), width)}</Text>)}
    </Box>
  );
}

/**
 * The preview of a row of a list that mixes kinds (search results, trending), by its kind: a
 * film, a series or a person; a collection has none.
 */
export function ResultPreview({ item, width, height }: { item: MultiSearchItem; width: number; height: number }) {
  const theme = useTheme();
  switch (item.media_type) {
    case 'movie':
      return moviePreview(item, { width, height });
    case 'tv':
      return seriesPreview(item, { width, height });
    case 'person':
      return <PersonPreview person={item} width={width} height={height} />;
    default:
      return <Text color={theme.muted}>No preview for this kind of result.</Text>;
  }
}
