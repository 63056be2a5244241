import type { EpisodeDetails, MovieDetails, PersonDetails, ResponseOf, TvDetails } from '../../contract/index.js';
import { firstPagePart, operationPart, operationSource, type OperationParams, type PartAnswer, type Source } from '../slices/queries.js';

/**
 * A film's or a series' screen in one request: the details with the parts its views show
 * appended (append_to_response), each part then kept as the read its view asks for, so
 * switching to images, videos, where to watch or related titles needs no request. The
 * account's own marks stay a request of their own: they change with the session, and an
 * answer that holds them may not be kept on disk.
 */

/** The parts a film's screen shows besides its details (the service takes up to 20). */
export const MOVIE_SCREEN_PARTS = ['images', 'videos', 'watch/providers', 'recommendations', 'similar', 'lists', 'credits', 'release_dates'] as const;
/** The parts a series' screen shows besides its details. */
export const SERIES_SCREEN_PARTS = ['keywords', 'videos', 'watch/providers', 'recommendations', 'similar', 'aggregate_credits', 'episode_groups', 'content_ratings'] as const;

/** The parts an episode's screen shows besides its details: its stills and its ids elsewhere. */
export const EPISODE_SCREEN_PARTS = ['images', 'external_ids'] as const;
/** The parts a person's screen shows besides their details: the profile images and the filmography. */
export const PERSON_SCREEN_PARTS = ['images', 'combined_credits'] as const;

/**
 * A record's source with the keys of the parts it asks appended: an answer holds each part under
 * the name it was asked by, so the keys are those of an answer holding them all.
 */
function appending<T>(source: Source<T> & Required<Pick<Source<T>, 'parts'>>, appended: readonly string[]): Source<T> {
  const whole = Object.fromEntries(appended.map((name) => [name, {}])) as T;
  return { ...source, partKeys: source.parts(whole).map((part) => part.source.key) };
}

/** The parts of an answer that came, each with its own read; a part the service left out is skipped. */
function present<T>(value: T | undefined | null, keep: (value: T) => PartAnswer): PartAnswer[] {
  return value === undefined || value === null ? [] : [keep(value)];
}

/** The records whose screen is asked for in one request. */
type ScreenRecordOperation = 'movieDetails' | 'tvDetails' | 'episodeDetails' | 'personDetails';

/**
 * The source of a record's screen: the record's own read, loaded with the `appended` parts in
 * the same request, each part then kept as its own read (`parts`).
 */
function screenSource<K extends ScreenRecordOperation>(
  op: K,
  params: OperationParams<K>,
  appended: readonly string[],
  parts: (record: ResponseOf<K>) => PartAnswer[],
): Source<ResponseOf<K>> {
  const withParts = operationSource(op, { ...params, query: { append_to_response: appended.join(',') } });
  return appending({ ...operationSource(op, params), load: withParts.load, parts }, appended);
}

export function movieScreenSource(movieId: number): Source<MovieDetails> {
  const params = { path: { movie_id: movieId } };
  return screenSource('movieDetails', params, MOVIE_SCREEN_PARTS, (movie) => [
    ...present(movie.images, (images) => operationPart('movieImages', params, { ...images, id: movieId })),
    ...present(movie.videos, (videos) => operationPart('movieVideos', params, { ...videos, id: movieId })),
    ...present(movie['watch/providers'], (offers) => operationPart('movieWatchProviders', params, { ...offers, id: movieId })),
    ...present(movie.recommendations, (page) => firstPagePart('movieRecommendations', params, page)),
    ...present(movie.similar, (page) => firstPagePart('similarMovies', params, page)),
    ...present(movie.lists, (page) => firstPagePart('movieLists', params, { ...page, id: movieId })),
    ...present(movie.credits, (credits) => operationPart('movieCredits', params, { ...credits, id: movieId })),
    ...present(movie.release_dates, (dates) => operationPart('movieReleaseDates', params, { ...dates, id: movieId })),
  ]);
}

export function seriesScreenSource(seriesId: number): Source<TvDetails> {
  const params = { path: { series_id: seriesId } };
  return screenSource('tvDetails', params, SERIES_SCREEN_PARTS, (series) => [
    ...present(series.keywords, (keywords) => operationPart('tvKeywords', params, { ...keywords, id: seriesId })),
    ...present(series.videos, (videos) => operationPart('seriesVideos', params, { ...videos, id: seriesId })),
    ...present(series['watch/providers'], (offers) => operationPart('seriesWatchProviders', params, { ...offers, id: seriesId })),
    ...present(series.recommendations, (page) => firstPagePart('seriesRecommendations', params, page)),
    ...present(series.similar, (page) => firstPagePart('similarSeries', params, page)),
    ...present(series.aggregate_credits, (credits) => operationPart('seriesAggregateCredits', params, { ...credits, id: seriesId })),
    ...present(series.episode_groups, (groups) => operationPart('seriesEpisodeGroups', params, { ...groups, id: seriesId })),
    ...present(series.content_ratings, (ratings) => operationPart('seriesContentRatings', params, { ...ratings, id: seriesId })),
  ]);
}

export interface EpisodePath {
  readonly series_id: number;
  readonly season_number: number;
  readonly episode_number: number;
}

/** The stills kept are those asked in the content language with the untagged ones: the screen's first filter. */
export function episodeScreenSource(path: EpisodePath): Source<EpisodeDetails> {
  const params = { path };
  return screenSource('episodeDetails', params, EPISODE_SCREEN_PARTS, (episode) => [
    ...present(episode.images, (images) => operationPart('episodeImages', { path, query: {} }, { ...images, id: episode.id })),
    ...present(episode.external_ids, (ids) => operationPart('episodeExternalIds', params, { ...ids, id: episode.id })),
  ]);
}

export function personScreenSource(personId: number): Source<PersonDetails> {
  const params = { path: { person_id: personId } };
  return screenSource('personDetails', params, PERSON_SCREEN_PARTS, (person) => [
    ...present(person.images, (images) => operationPart('personImages', params, { ...images, id: personId })),
    ...present(person.combined_credits, (credits) => operationPart('personCombinedCredits', params, { ...credits, id: personId })),
  ]);
}
