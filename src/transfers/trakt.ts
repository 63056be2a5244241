import * as z from 'zod';
import { TRAKT_SCALE, imdbIdOf, ratingOn, tmdbIdOf, yearOf } from './cells.js';
import { type ExternalIds, type ImportRow, ImportFileError, type MediaType, type RowKind } from './rows.js';

/**
 * Trakt's JSON export: each file is an array of items as Trakt's API gives them.
 * - ratings: { rated_at, rating (1..10), type, movie | show | season | episode (+ show) };
 * - watchlist and lists: { rank, listed_at, type, movie | show | ... }: a file whose name says
 *   "watchlist" is the watchlist, any other is a list named after the file (lists-NAME.json).
 * Titles carry `ids` with `imdb` and `tmdb` where Trakt knows them; an episode's `ids.tmdb` is
 * the episode's own id, and it is placed through its show's ids and its season and number.
 */

const ids = z.looseObject({
  imdb: z.string().nullable().optional(),
  tmdb: z.number().nullable().optional(),
});
const titled = z.looseObject({
  title: z.string().nullable().optional(),
  year: z.number().nullable().optional(),
  ids: ids.optional(),
});
const episodeEntry = z.looseObject({
  season: z.number().int(),
  number: z.number().int(),
  title: z.string().nullable().optional(),
  ids: ids.optional(),
});
const item = z.looseObject({
  type: z.string(),
  rating: z.unknown().optional(),
  rated_at: z.string().optional(),
  listed_at: z.string().optional(),
  movie: titled.optional(),
  show: titled.optional(),
  episode: episodeEntry.optional(),
  season: z.looseObject({ number: z.number().int() }).optional(),
  person: z.looseObject({ name: z.string() }).optional(),
});
type TraktItem = z.infer<typeof item>;

/** Whether a parsed JSON value looks like a Trakt export (an array of typed items). */
export function looksLikeTrakt(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const first: unknown = value[0];
  return value.length === 0 || (typeof first === 'object' && first !== null && 'type' in first && ('rated_at' in first || 'listed_at' in first));
}

const MEDIA_TYPES: Readonly<Record<string, MediaType>> = { movie: 'movie', show: 'tv', episode: 'episode' };

export function readTrakt(value: unknown, file: string, fileName: string): ImportRow[] {
  if (!Array.isArray(value)) throw new ImportFileError(file, 'a Trakt export is an array of items');
  const base = fileName.replace(/^.*[\\/:]/, '').replace(/\.json$/i, '');
  const listKind: RowKind = /watchlist/i.test(base) ? 'watchlist' : 'list-item';
  const listName = base.replace(/^lists?-/i, '');
  return value.map((raw: unknown, index) => {
    const parsed = item.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ImportFileError(file, issue.message, undefined, undefined, jsonPath(index, issue.path));
    }
    return traktRow(parsed.data, raw as Record<string, unknown>, { file, index, listKind, listName });
  });
}

/** `[3].movie.ids.tmdb`: where a value is in the file's array. */
function jsonPath(index: number, path: readonly PropertyKey[]): string {
  return `[${index}]${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`;
}

function idsOf(entry: { ids?: z.infer<typeof ids> | undefined } | undefined, file: string, index: number, field: string): ExternalIds {
  return {
    tmdb: tmdbIdOf(entry?.ids?.tmdb ?? undefined, { file, path: jsonPath(index, [field, 'ids', 'tmdb']) }),
    imdb: imdbIdOf(entry?.ids?.imdb ?? undefined, { file, path: jsonPath(index, [field, 'ids', 'imdb']) }),
  };
}

function traktRow(
  entry: TraktItem,
  original: Record<string, unknown>,
  at: { file: string; index: number; listKind: RowKind; listName: string },
): ImportRow {
  const { file, index } = at;
  const line = index + 1;
  const place = (...path: string[]) => ({ file, path: jsonPath(index, path) });
  const isRating = entry.rating !== undefined;
  const kind: RowKind = isRating ? 'rating' : at.listKind;
  const mediaType = MEDIA_TYPES[entry.type];
  const rating = isRating ? ratingOn(TRAKT_SCALE, entry.rating, place('rating')) : undefined;
  const common = {
    kind,
    source: 'trakt' as const,
    rating,
    date: (isRating ? entry.rated_at : entry.listed_at) ?? undefined,
    ...(kind === 'list-item' ? { listName: at.listName } : {}),
    origin: { file, line, original },
  };
  const missing = (field: string): never => {
    throw new ImportFileError(file, `a ${entry.type} item without "${field}"`, undefined, undefined, jsonPath(index, []));
  };
  if (mediaType === 'episode') {
    const episode = entry.episode ?? missing('episode');
    const show = entry.show ?? missing('show');
    return {
      ...common,
      mediaType,
      ids: idsOf(episode, file, index, 'episode'),
      title: episode.title ?? `${show.title ?? 'Episode'} ${episode.season}x${episode.number}`,
      year: yearOf(show.year ?? undefined, place('show', 'year')),
      episode: {
        series: { title: show.title ?? undefined, year: show.year ?? undefined, ids: idsOf(show, file, index, 'show') },
        season: episode.season,
        episode: episode.number,
      },
    };
  }
  if (mediaType) {
    const field = entry.type as 'movie' | 'show';
    const titledEntry = entry[field] ?? missing(field);
    return {
      ...common,
      mediaType,
      ids: idsOf(titledEntry, file, index, field),
      title: titledEntry.title ?? '',
      year: yearOf(titledEntry.year ?? undefined, place(field, 'year')),
    };
  }
  // Seasons and people: the service rates and lists neither; read so they are counted.
  const name = entry.person?.name ?? (entry.show?.title ? `${entry.show.title} season ${entry.season?.number ?? '?'}` : entry.type);
  return { ...common, mediaType: undefined, otherType: entry.type, ids: {}, title: name };
}
