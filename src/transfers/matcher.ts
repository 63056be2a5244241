import { type FoundIds, type SearchItem, type TitleLookup, yearOfDate } from './lookup.js';
import type { ImportRow } from './rows.js';

/**
 * Finds what a row names on the service, best evidence first, and never guesses:
 * 1. a TMDB id the file gives (checked to exist);
 * 2. an IMDb id, through find;
 * 3. the title and year, through the search: accepted only when exactly one candidate of
 *    the same kind has the same normalised title and the same year, or, when none has the
 *    same year, exactly one has the same title and it is a year off. Anything else is
 *    ambiguous (with the candidates) or not found.
 * An episode is placed by its series (found as above) and its season and episode numbers, or
 * by its own IMDb id.
 */

export type MatchedTitle =
  | { readonly mediaType: 'movie' | 'tv'; readonly id: number; readonly title: string; readonly year?: number }
  | { readonly mediaType: 'episode'; readonly seriesId: number; readonly season: number; readonly episode: number; readonly title: string };

export type MatchResult =
  | { readonly status: 'matched-by-id'; readonly evidence: 'tmdb-id' | 'imdb-id'; readonly target: MatchedTitle }
  | { readonly status: 'matched-by-title'; readonly target: MatchedTitle }
  | { readonly status: 'ambiguous'; readonly reason: string; readonly candidates: readonly MatchedTitle[] }
  | { readonly status: 'not-found'; readonly reason: string; readonly candidates: readonly MatchedTitle[] };

export interface MatcherOptions {
  /** Pages of search results read for one title (20 a page). */
  readonly searchPages?: number;
}

const DEFAULT_SEARCH_PAGES = 5;

/**
 * A title as compared: Unicode-folded, accents and case dropped, "&" read as "and", every run
 * of punctuation and spaces one space. "Crouching Tiger, Hidden Dragon" = "crouching tiger hidden dragon".
 */
export function normaliseTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

type TitleKind = 'movie' | 'tv';

export class TitleMatcher {
  private readonly searchPages: number;

  constructor(
    private readonly lookup: TitleLookup,
    options: MatcherOptions = {},
  ) {
    this.searchPages = options.searchPages ?? DEFAULT_SEARCH_PAGES;
  }

  async match(row: ImportRow): Promise<MatchResult> {
    if (row.mediaType === undefined) {
      return notFound(`${row.otherType ?? 'this type'} is not something the service rates or lists`);
    }
    if (row.mediaType === 'episode') return this.matchEpisode(row);
    return this.matchTitle(row.mediaType, row.ids, row.title, row.year);
  }

  private async matchTitle(
    kind: TitleKind,
    ids: ImportRow['ids'],
    title: string,
    year: number | undefined,
  ): Promise<MatchResult> {
    const notes: string[] = [];
    if (ids.tmdb !== undefined) {
      const found = await this.lookup.title(kind, ids.tmdb);
      if (found) return { status: 'matched-by-id', evidence: 'tmdb-id', target: titleTarget(kind, ids.tmdb, found.title, found.year) };
      notes.push(`TMDB id ${ids.tmdb} names no ${kind === 'movie' ? 'film' : 'series'}`);
    }
    if (ids.imdb !== undefined) {
      const found = await this.lookup.findImdbId(ids.imdb);
      const titles = foundTitles(found, kind);
      if (titles.length === 1) return { status: 'matched-by-id', evidence: 'imdb-id', target: titles[0]! };
      if (titles.length > 1) return { status: 'ambiguous', reason: `IMDb id ${ids.imdb} names ${titles.length} titles`, candidates: titles };
      notes.push(`IMDb id ${ids.imdb} is not on the service`);
    }
    const byTitle = await this.matchByTitle(kind, title, year);
    if (byTitle.status === 'not-found' && notes.length > 0) return { ...byTitle, reason: `${notes.join('; ')}; ${byTitle.reason}` };
    return byTitle;
  }

  private async matchByTitle(kind: TitleKind, title: string, year: number | undefined): Promise<MatchResult> {
    const wanted = normaliseTitle(title);
    if (wanted === '') return notFound('the row has no title to search for');
    const candidates = await this.searchCandidates(kind, title);
    const sameTitle = candidates.filter((c) => c.names.includes(wanted));
    const shown = sameTitle.map((c) => c.target);
    if (sameTitle.length === 0) {
      return notFound(`no ${kind === 'movie' ? 'film' : 'series'} is titled "${title}"`, candidates.slice(0, 5).map((c) => c.target));
    }
    if (year === undefined) return { status: 'ambiguous', reason: 'the file gives no year to tell the title by', candidates: shown };
    const sameYear = sameTitle.filter((c) => c.target.year === year);
    if (sameYear.length === 1) return { status: 'matched-by-title', target: sameYear[0]!.target };
    if (sameYear.length > 1) {
      return { status: 'ambiguous', reason: `${sameYear.length} titles are "${title}" (${year})`, candidates: sameYear.map((c) => c.target) };
    }
    const yearOff = sameTitle.filter((c) => c.target.year !== undefined && Math.abs(c.target.year - year) === 1);
    if (yearOff.length === 1 && sameTitle.length === 1) return { status: 'matched-by-title', target: yearOff[0]!.target };
    if (yearOff.length > 0) {
      return { status: 'ambiguous', reason: `no "${title}" of ${year}, and the title is not unique`, candidates: shown };
    }
    return notFound(`"${title}" is on the service, but not of ${year} or a year either side`, shown);
  }

  /** Search results of one kind, each with the normalised names it can be known by. */
  private async searchCandidates(kind: TitleKind, title: string) {
    const out: Array<{ target: MatchedTitle & { mediaType: TitleKind }; names: string[] }> = [];
    for (let page = 1; page <= this.searchPages; page++) {
      const found = await this.lookup.search(title, page);
      for (const item of found.results) {
        const candidate = candidateOf(item, kind);
        if (candidate) out.push(candidate);
      }
      if (page >= found.totalPages) break;
    }
    return out;
  }

  private async matchEpisode(row: ImportRow): Promise<MatchResult> {
    const place = row.episode;
    // The series' TMDB id and the numbers name the episode outright.
    if (place && place.series.ids.tmdb !== undefined) {
      const series = await this.lookup.title('tv', place.series.ids.tmdb);
      if (series) return this.episodeIn({ status: 'matched-by-id', evidence: 'tmdb-id' }, place.series.ids.tmdb, place.season, place.episode);
    }
    if (row.ids.imdb !== undefined) {
      const found = await this.lookup.findImdbId(row.ids.imdb);
      const episodes = found.tv_episode_results ?? [];
      const e = episodes.length === 1 ? episodes[0]! : undefined;
      // An old answer may not say whose episode it is: then the file's series decides.
      if (e && e.show_id != null) {
        return { status: 'matched-by-id', evidence: 'imdb-id', target: episodeTarget(e.show_id, e.season_number, e.episode_number, e.name) };
      }
    }
    if (!place) {
      return notFound(row.ids.imdb
        ? `IMDb id ${row.ids.imdb} is not an episode on the service, and the file does not say which series and season it is in`
        : 'the file does not say which series, season and episode this is');
    }
    const series = await this.matchTitle('tv', { ...(place.series.ids.imdb ? { imdb: place.series.ids.imdb } : {}) }, place.series.title ?? '', place.series.year);
    if (series.status !== 'matched-by-id' && series.status !== 'matched-by-title') {
      return { ...series, reason: `the series: ${series.reason}` };
    }
    const seriesId = series.target.mediaType === 'episode' ? series.target.seriesId : series.target.id;
    const how = series.status === 'matched-by-id' ? { status: series.status, evidence: series.evidence } : { status: series.status };
    return this.episodeIn(how, seriesId, place.season, place.episode);
  }

  private async episodeIn(
    how: { status: 'matched-by-id'; evidence: 'tmdb-id' | 'imdb-id' } | { status: 'matched-by-title' },
    seriesId: number,
    season: number,
    episode: number,
  ): Promise<MatchResult> {
    const found = await this.lookup.episode(seriesId, season, episode);
    if (!found) return notFound(`series ${seriesId} has no season ${season} episode ${episode}`);
    const target = episodeTarget(seriesId, season, episode, found.name);
    return how.status === 'matched-by-id' ? { ...how, target } : { status: 'matched-by-title', target };
  }
}

function notFound(reason: string, candidates: readonly MatchedTitle[] = []): MatchResult {
  return { status: 'not-found', reason, candidates };
}

function titleTarget(mediaType: TitleKind, id: number, title: string | null | undefined, year: number | undefined) {
  // An old record may give no title: the id still names it.
  return { mediaType, id, title: title ?? `${mediaType} ${id}`, ...(year === undefined ? {} : { year }) };
}

function episodeTarget(seriesId: number, season: number, episode: number, title: string | null | undefined): MatchedTitle {
  return { mediaType: 'episode', seriesId, season, episode, title: title ?? `S${season} E${episode}` };
}

/**
 * Films and series find names for an IMDb id, those of the row's kind first. IMDb and the
 * service do not always agree on film or series (a TV film, a miniseries): the id decides.
 */
function foundTitles(found: FoundIds, kind: TitleKind): MatchedTitle[] {
  const movies = (found.movie_results ?? []).map((m) => titleTarget('movie', m.id, m.title, yearOfDate(m.release_date)));
  const series = (found.tv_results ?? []).map((s) => titleTarget('tv', s.id, s.name, yearOfDate(s.first_air_date)));
  const own = kind === 'movie' ? movies : series;
  return own.length > 0 ? own : kind === 'movie' ? series : movies;
}

function candidateOf(item: SearchItem, kind: TitleKind) {
  if (item.media_type !== kind) return undefined;
  if (item.media_type === 'movie') {
    return {
      target: titleTarget('movie', item.id, item.title, yearOfDate(item.release_date)),
      names: [item.title, item.original_title].filter((n): n is string => !!n).map(normaliseTitle),
    };
  }
  if (item.media_type === 'tv') {
    return {
      target: titleTarget('tv', item.id, item.name, yearOfDate(item.first_air_date)),
      names: [item.name, item.original_name].filter((n): n is string => !!n).map(normaliseTitle),
    };
  }
  return undefined;
}
