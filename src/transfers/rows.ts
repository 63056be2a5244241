/**
 * What every reader produces: one row per entry of the file, in the service's terms, with the
 * original entry and where it was, so a report can point back at it.
 */

/** The services whose exports Marquee reads, and Marquee's own format. */
export const IMPORT_SOURCES = ['imdb', 'letterboxd', 'trakt', 'marquee'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * - rating: a rating to give (0.5..10 on the service's scale);
 * - watchlist, favorite: a title to put on the account's watchlist or favourites;
 * - list-item: a title to put on the named list;
 * - watched: a title marked seen without a rating (Letterboxd). The service has no such mark:
 *   such rows are read so that they are counted, never silently left out.
 */
export type RowKind = 'rating' | 'watchlist' | 'favorite' | 'list-item' | 'watched';

export type MediaType = 'movie' | 'tv' | 'episode';

export interface ExternalIds {
  readonly tmdb?: number;
  /** An IMDb id such as tt0068646. */
  readonly imdb?: string;
}

/** The series an episode row belongs to, and where in it the episode is. */
export interface EpisodePlace {
  readonly series: { readonly title?: string; readonly year?: number; readonly ids: ExternalIds };
  readonly season: number;
  readonly episode: number;
}

export interface RowOrigin {
  /** The file as the user named it; for a zip, `archive.zip:ratings.csv`. */
  readonly file: string;
  /** 1-based line where the entry starts (CSV), or the 1-based position in a JSON array. */
  readonly line: number;
  /**
   * Which of a JSON file's arrays the entry is in, where it has several (a Marquee export's
   * "ratings", "watchlist", "favorites", "list 2"): positions restart in each, so "entry 1" alone
   * would name two entries.
   */
  readonly part?: string;
  /** The entry as the file has it: CSV cells by column name, or the JSON item. */
  readonly original: Readonly<Record<string, unknown>>;
}

export interface ImportRow {
  readonly kind: RowKind;
  readonly source: ImportSource;
  /** Undefined when the file's type has no counterpart on the service (see `otherType`). */
  readonly mediaType: MediaType | undefined;
  /** The file's own name for a type the service does not have ("Video Game", "season"). */
  readonly otherType?: string;
  /** Ids of the row's own title (for an episode: the episode's). */
  readonly ids: ExternalIds;
  readonly title: string;
  readonly year?: number;
  readonly episode?: EpisodePlace;
  /** On the service's scale, 0.5..10 in steps of 0.5. On a watchlist row: the rating the file also gives. */
  readonly rating?: number;
  /** When the file says it happened (rated, added), as the file writes it (ISO date or time). */
  readonly date?: string;
  /** For list items: the list's name. */
  readonly listName?: string;
  readonly origin: RowOrigin;
}

/** A list a file names, with what it says of the list itself (an empty list still has a name). */
export interface ListInfo {
  readonly name: string;
  readonly description: string;
}

/** What one file (or one file of a zip) was read as. */
export type FilePart =
  | 'imdb-ratings' | 'imdb-watchlist' | 'imdb-list'
  | 'letterboxd-ratings' | 'letterboxd-watchlist' | 'letterboxd-watched' | 'letterboxd-diary' | 'letterboxd-list'
  | 'letterboxd-import' | 'trakt' | 'marquee' | 'marquee-csv' | 'report';

export interface ImportFile {
  readonly source: ImportSource;
  /** Each file read, with what it was read as and how many rows it gave. */
  readonly parts: ReadonlyArray<{ file: string; part: FilePart; rows: number }>;
  readonly rows: readonly ImportRow[];
  /** The lists the file names, in order, including empty ones. */
  readonly lists: readonly ListInfo[];
  /** Files of an archive that were recognised and left out, each with why. */
  readonly skipped: ReadonlyArray<{ file: string; reason: string }>;
  /** Of the file's bytes: what the journal of earlier runs is keyed by. */
  readonly hash: string;
  /** Lists whose names held control characters or line breaks, by the clean names they get. */
  readonly cleanedListNames?: readonly string[];
}

/**
 * A file that cannot be read as a whole. Nothing of it is returned: a file is imported
 * entirely or not at all.
 */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';

  constructor(
    readonly file: string,
    readonly problem: string,
    /** Where in a CSV file: its line (1-based) and column name. */
    readonly line?: number,
    readonly column?: string,
    /** Where in a JSON file: the path to the value, such as ratings[3].rating. */
    readonly path?: string,
  ) {
    const where = [line === undefined ? '' : `line ${line}`, column === undefined ? '' : `column ${column}`, path ?? '']
      .filter((part) => part !== '')
      .join(', ');
    super(`${file}: ${where === '' ? '' : `${where}: `}${problem}`);
  }
}

/** Larger files are refused before they are read. */
export const MAX_IMPORT_FILE_BYTES = 32 * 1024 * 1024;
