import * as z from 'zod';
import { type ImportRow, ImportFileError, type ListInfo, type RowKind } from './rows.js';

/**
 * Marquee's own export: everything an account holds, with the ids that name each title on
 * the service (and IMDb's where known), so that importing it elsewhere loses nothing. The
 * format is versioned: a reader refuses a version newer than it knows, and a change that an
 * older reader would misread gets a new version.
 */
export const MARQUEE_FORMAT = 'marquee-export';
export const MARQUEE_FORMAT_VERSION = 1;

const tmdbId = z.number().int().positive().max(2_147_483_647);
const imdbId = z.string().regex(/^tt\d{7,}$/, 'an IMDb id such as tt0068646').nullable();
const year = z.number().int().min(1800).max(2200).nullable();
/** An ISO 8601 date or time, as the service writes them. */
const when = z.string().regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'an ISO 8601 date or time').nullable();

const titleEntry = z.strictObject({
  media_type: z.enum(['movie', 'tv']),
  tmdb_id: tmdbId,
  imdb_id: imdbId,
  title: z.string(),
  year,
});
const episodeEntry = z.strictObject({
  media_type: z.literal('episode'),
  series: z.strictObject({ tmdb_id: tmdbId, imdb_id: imdbId, title: z.string(), year }),
  season_number: z.number().int().min(0),
  episode_number: z.number().int().min(1),
  /** The episode's own ids, when known. */
  tmdb_id: tmdbId.nullable(),
  imdb_id: imdbId,
  title: z.string(),
});
const addedTitle = titleEntry.extend({ added_at: when });

/** The service's rating scale: 0.5..10 in steps of 0.5. */
const rating = z.number().min(0.5).max(10).refine((value) => Number.isInteger(value * 2), 'a rating in steps of 0.5');

export const marqueeExport = z.strictObject({
  format: z.literal(MARQUEE_FORMAT),
  version: z.literal(MARQUEE_FORMAT_VERSION),
  exported_at: when,
  ratings: z.array(z.discriminatedUnion('media_type', [
    titleEntry.extend({ rating, rated_at: when }),
    episodeEntry.extend({ rating, rated_at: when }),
  ])),
  watchlist: z.array(addedTitle),
  favorites: z.array(addedTitle),
  lists: z.array(z.strictObject({
    name: z.string().min(1),
    description: z.string(),
    items: z.array(addedTitle),
  })),
});
export type MarqueeExport = z.infer<typeof marqueeExport>;

type Entry = z.infer<typeof titleEntry> | z.infer<typeof episodeEntry>;

export function looksLikeMarquee(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === MARQUEE_FORMAT;
}

const pathText = (path: readonly PropertyKey[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');

export function readMarquee(value: unknown, file: string): { rows: ImportRow[]; lists: ListInfo[] } {
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > MARQUEE_FORMAT_VERSION) {
    throw new ImportFileError(file, `written by a newer Marquee (format version ${version}); this one reads version ${MARQUEE_FORMAT_VERSION}`);
  }
  const parsed = marqueeExport.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportFileError(file, issue.message, undefined, undefined, pathText(issue.path) || 'the file');
  }
  const data = parsed.data;
  const rows: ImportRow[] = [];
  const add = (kind: RowKind, item: Entry, at: { part: string; position: number }, extra: { rating?: number; date: string | null; listName?: string }) => {
    const common = {
      kind,
      source: 'marquee' as const,
      mediaType: item.media_type,
      title: item.title,
      ...(extra.rating === undefined ? {} : { rating: extra.rating }),
      ...(extra.date === null ? {} : { date: extra.date }),
      ...(extra.listName === undefined ? {} : { listName: extra.listName }),
      origin: { file, line: at.position, part: at.part, original: item as unknown as Record<string, unknown> },
    };
    if (item.media_type === 'episode') {
      rows.push({
        ...common,
        ids: { ...(item.tmdb_id === null ? {} : { tmdb: item.tmdb_id }), ...(item.imdb_id === null ? {} : { imdb: item.imdb_id }) },
        ...(item.series.year === null ? {} : { year: item.series.year }),
        episode: {
          series: {
            title: item.series.title,
            ...(item.series.year === null ? {} : { year: item.series.year }),
            ids: { tmdb: item.series.tmdb_id, ...(item.series.imdb_id === null ? {} : { imdb: item.series.imdb_id }) },
          },
          season: item.season_number,
          episode: item.episode_number,
        },
      });
    } else {
      rows.push({
        ...common,
        ids: { tmdb: item.tmdb_id, ...(item.imdb_id === null ? {} : { imdb: item.imdb_id }) },
        ...(item.year === null ? {} : { year: item.year }),
      });
    }
  };
  data.ratings.forEach((r, i) => add('rating', r, { part: 'ratings', position: i + 1 }, { rating: r.rating, date: r.rated_at }));
  data.watchlist.forEach((w, i) => add('watchlist', w, { part: 'watchlist', position: i + 1 }, { date: w.added_at }));
  data.favorites.forEach((f, i) => add('favorite', f, { part: 'favorites', position: i + 1 }, { date: f.added_at }));
  data.lists.forEach((list, l) =>
    list.items.forEach((item, i) => add('list-item', item, { part: `list ${l + 1}`, position: i + 1 }, { date: item.added_at, listName: list.name })),
  );
  return { rows, lists: data.lists.map((list) => ({ name: list.name, description: list.description })) };
}
