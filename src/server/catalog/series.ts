import { dateAt } from './calendar.js';
import { network, productionCompanies } from './companies.js';
import type { PersonCredits } from './credits.js';
import { TV_GENRES, genresOf } from './genres.js';
import { type ImageEntry, imageSet, mainImagePath } from './images.js';
import { carriesId, imdbIdOf, socialIds, tvdbIdOf, wikidataIdOf } from './external-ids.js';
import { CatalogKind } from './kind.js';
import type { PeoplePools } from './people-pools.js';
import { ListItemCache } from './list-item-cache.js';
import { LANGUAGE_COUNTRIES, countryName, spokenLanguage } from './languages.js';
import { type Random, stream } from './random.js';
import { type SeriesCastPlan, SeriesCast } from './series-credits.js';
import type { CatalogShape } from './shape.js';
import { inventEpisodeTitle, inventOverview, inventTagline, inventTitle, inventTitleInLanguage, objectId } from './text.js';
import { KEYWORDS, NOUNS } from './words.js';
import { type EpisodeGroupPlan, planEpisodeGroups, readGroupId } from './episode-groups.js';
import type { NetworkRef } from './networks.js';
import { screenedEpisodes, seasonPosters, seriesImages } from './series-records.js';
import { keywordId } from './keywords.js';
import { airOffset, type SeasonPlan, type SeriesCore } from './series-core.js';

const round3 = (n: number) => Math.round(n * 1000) / 1000;


/**
 * Seasons are laid out backwards from today: a series in production is part-way through its
 * last season (an episode aired within the past week, the next one airs within a week); an
 * ended series finished between a month and 25 years ago.
 */
function planSeasons(r: Random, inProduction: boolean, newest: boolean): SeasonPlan[] {
  const regular = newest ? 1 : r.weighted([[1, 30], [2, 25], [3, 18], [4, 10], [5, 7], [6, 5], [8, 5]] as const);
  const counts = Array.from({ length: regular }, () => r.int(6, 13));
  const starts: number[] = new Array<number>(regular).fill(0);
  const last = regular - 1;
  if (inProduction) {
    const aired = r.int(1, counts[last]! - 1);
    starts[last] = -(aired - 1) * 7 - r.int(0, 6);
  } else {
    starts[last] = -r.int(30, 365 * 25) - (counts[last]! - 1) * 7;
  }
  for (let k = last - 1; k >= 0; k--) starts[k] = starts[k + 1]! - (counts[k]! - 1) * 7 - r.int(90, 400);
  const seasons = counts.map((episodeCount, i) => ({ number: i + 1, episodeCount, startOffset: starts[i]! }));
  if (regular >= 2 && r.chance(0.25)) {
    seasons.unshift({ number: 0, episodeCount: r.int(1, 3), startOffset: Math.min(-1, starts[0]! + r.int(30, 200)) });
  }
  return seasons;
}

/** A series in a list: popular, on the air, search results, credits. */
export type SeriesListItem = {
  adult: boolean;
  backdrop_path: string | null;
  first_air_date: string;
  genre_ids: number[];
  id: number;
  name: string;
  origin_country: string[];
  original_language: string;
  original_name: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  softcore: boolean;
  vote_average: number;
  vote_count: number;
};

export class SeriesFactory extends CatalogKind {
  /** Who is in each series and episode (series-credits.ts). */
  readonly cast: SeriesCast;
  private readonly listItems = new ListItemCache<SeriesListItem>();

  constructor(
    shape: CatalogShape,
    private readonly credits: PersonCredits,
    pools: PeoplePools,
  ) {
    super(shape, shape.seriesCount);
    this.cast = new SeriesCast(shape, pools);
  }

  core(id: number): SeriesCore {
    const r = stream(this.seed, 'series', id);
    const { language, title: name, originalTitle: originalName } = inventTitleInLanguage(r);
    const newest = id === this.shape.seriesCount;
    const inProduction = newest || r.chance(0.3);
    const seasons = planSeasons(r, inProduction, newest);
    let popularity = Math.exp(r.next() * 6) / 2;
    if (inProduction) popularity = popularity * 2.5 + 15;
    const aired = seasons.reduce((n, s) => n + (s.number === 0 ? 0 : s.episodeCount), 0);
    const voteCount = Math.floor(popularity * r.int(1, 12) * Math.min(4, 1 + aired / 20));
    return {
      id,
      name,
      originalName,
      originalLanguage: language,
      alternativeNames: r.chance(0.25) ? [inventTitle(r)] : [],
      originCountry: r.pick(LANGUAGE_COUNTRIES[language] ?? ['US']),
      popularity: round3(popularity),
      voteAverage: voteCount === 0 ? 0 : r.decimal(5, 9.2, 3),
      voteCount,
      genreIds: r.sample(TV_GENRES, r.int(1, 3)).map((g) => g.id),
      inProduction,
      // Drawn apart from the series' own stream, so its other values stay what they were.
      unscheduled: inProduction && !newest && stream(this.seed, 'series-unscheduled', id).chance(0.3),
      seasons,
      runtime: r.pick([22, 24, 28, 30, 42, 45, 48, 52, 55, 60]),
    };
  }

  private text(id: number) {
    const r = stream(this.seed, 'series-text', id);
    const text = { overview: inventOverview(r), tagline: inventTagline(r), hasBackdrop: r.chance(0.9), hasPoster: true };
    // As in real data, some series have no overview and most no tagline (drawn apart, so every
    // other value of the catalog stays what it was); a fixed slot of every 25 ids has no poster,
    // so every catalog size has some.
    const gaps = stream(this.seed, 'series-text-gaps', id);
    if (gaps.chance(0.06)) text.overview = '';
    if (gaps.chance(0.5)) text.tagline = '';
    text.hasPoster = id % 25 !== 17;
    return text;
  }

  firstAirOffset(core: SeriesCore): number {
    return core.seasons.find((s) => s.number === 1)!.startOffset;
  }

  /** E18 item; kept once made (list-item-cache.ts), so it is frozen: spread it to add fields. */
  listItem(id: number, today: number, core?: SeriesCore): SeriesListItem {
    return this.listItems.get(id, today, () => this.makeListItem(id, today, core ?? this.core(id)));
  }

  private makeListItem(id: number, today: number, core: SeriesCore): SeriesListItem {
    const text = this.text(id);
    return {
      adult: false,
      backdrop_path: text.hasBackdrop ? mainImagePath(this.seed, 'backdrop', 'tv', [id], core.originalLanguage) : null,
      first_air_date: dateAt(today, this.firstAirOffset(core)),
      genre_ids: core.genreIds,
      id,
      name: core.name,
      origin_country: [core.originCountry],
      original_language: core.originalLanguage,
      original_name: core.originalName,
      overview: text.overview,
      popularity: core.popularity,
      poster_path: text.hasPoster ? mainImagePath(this.seed, 'poster', 'tv', [id], core.originalLanguage) : null,
      softcore: false,
      vote_average: core.voteAverage,
      vote_count: core.voteCount,
    };
  }

  season(core: SeriesCore, seasonNumber: number): SeasonPlan | undefined {
    return core.seasons.find((s) => s.number === seasonNumber);
  }

  seasonId(core: SeriesCore, season: SeasonPlan): number {
    return core.id * 100 + season.number;
  }

  episodeId(seriesId: number, season: number, episode: number): number {
    return seriesId * 10_000 + season * 100 + episode;
  }

  /** True when the series has that season and the season has that episode. */
  hasEpisode(seriesId: number, seasonNumber: number, episode: number): boolean {
    if (!this.exists(seriesId)) return false;
    const season = this.season(this.core(seriesId), seasonNumber);
    return season !== undefined && Number.isInteger(episode) && episode >= 1 && episode <= season.episodeCount;
  }

  /** An episode as it appears in a season, last/next_episode_to_air and rated lists. */
  episodeSummary(core: SeriesCore, season: SeasonPlan, episode: number, today: number) {
    const r = stream(this.seed, 'episode', core.id, season.number, episode);
    const offset = airOffset(season, episode);
    const aired = offset <= 0;
    const votes = aired ? r.int(0, 300) : 0;
    return {
      air_date: aired || !core.unscheduled ? dateAt(today, offset) : null,
      episode_number: episode,
      episode_type: season.number !== 0 && episode === season.episodeCount ? 'finale' : 'standard',
      id: this.episodeId(core.id, season.number, episode),
      name: inventEpisodeTitle(r),
      overview: aired || r.chance(0.5) ? inventOverview(r) : '',
      production_code: r.chance(0.5) ? `${season.number}${String(episode).padStart(2, '0')}` : '',
      runtime: aired ? core.runtime + r.int(-3, 3) : null,
      season_number: season.number,
      show_id: core.id,
      still_path: aired ? mainImagePath(this.seed, 'still', 'episode', [core.id, season.number, episode], core.originalLanguage) : null,
      vote_average: votes === 0 ? 0 : r.decimal(5, 9.6, 3),
      vote_count: votes,
    };
  }

  /**
   * Who created the series: one or two of its executive producers (credited on every episode),
   * or no one named. The draws that once chose them at random from all people are still taken,
   * so the values drawn after them (the network among them) stay what they were.
   */
  private creators(r: Random, core: SeriesCore): number[] {
    if (!r.chance(0.8)) return [];
    const count = r.int(1, 2);
    for (let i = 0; i < count; i++) r.next();
    return this.cast.plan(core).crew.filter((entry) => entry.job === 'Executive Producer').slice(0, count).map((entry) => entry.personId);
  }

  /** An episode's cast, crew and guest stars, each person as credits name them. */
  episodeCredits(core: SeriesCore, season: SeasonPlan, episode: number, plan?: SeriesCastPlan) {
    const { cast, crew, guests } = this.cast.episode(core, season, episode, plan);
    return {
      id: this.episodeId(core.id, season.number, episode),
      cast: cast.map((member) => this.credits.castCredit(member)),
      crew: crew.map((member) => this.credits.crewCredit(member)),
      guest_stars: guests.map((member) => this.credits.castCredit(member)),
    };
  }

  /** An episode with its crew and guest stars (its own credits, without the regulars). */
  episodeDetails(core: SeriesCore, season: SeasonPlan, episode: number, today: number, plan?: SeriesCastPlan) {
    const summary = this.episodeSummary(core, season, episode, today);
    const { crew, guest_stars } = this.episodeCredits(core, season, episode, plan);
    return { ...summary, crew, guest_stars };
  }

  /** The cast and crew of the series' latest regular season (what the service's series credits answer). */
  seriesCredits(core: SeriesCore) {
    const latest = core.seasons.filter((s) => s.number !== 0).at(-1)!;
    return { ...this.seasonCredits(core, latest), id: core.id };
  }

  /** A season's cast (its regulars; specials have none) and the crew of any of its episodes. */
  seasonCredits(core: SeriesCore, season: SeasonPlan) {
    const plan = this.cast.plan(core);
    const cast = season.number === 0 ? [] : plan.regulars.filter((regular) => regular.fromSeason <= season.number);
    const crew = new Map<string, ReturnType<PersonCredits['crewCredit']>>();
    for (let e = 1; e <= season.episodeCount; e++) {
      for (const member of this.cast.episode(core, season, e, plan).crew) {
        crew.set(member.creditId, crew.get(member.creditId) ?? this.credits.crewCredit(member));
      }
    }
    return { id: this.seasonId(core, season), cast: cast.map((member) => this.credits.castCredit(member)), crew: [...crew.values()] };
  }

  /**
   * Everyone in any episode of the series (or of one season), with the characters and jobs and
   * their episode counts.
   */
  aggregateCredits(core: SeriesCore, season?: SeasonPlan) {
    const { cast, crew } = this.cast.aggregate(core, season ? [season] : core.seasons);
    const total = (counts: ReadonlyArray<{ episodeCount: number }>) => counts.reduce((n, c) => n + c.episodeCount, 0);
    return {
      id: season ? this.seasonId(core, season) : core.id,
      cast: cast.map((member) => ({
        ...this.credits.credit(member.personId),
        roles: member.roles.map((role) => ({ credit_id: role.creditId, character: role.character, episode_count: role.episodeCount })),
        total_episode_count: total(member.roles),
        order: member.order,
      })),
      crew: crew.map((member) => ({
        ...this.credits.credit(member.personId),
        jobs: member.jobs.map((job) => ({ credit_id: job.creditId, job: job.job, episode_count: job.episodeCount })),
        department: member.department,
        total_episode_count: total(member.jobs),
      })),
    };
  }

  private seasonText(core: SeriesCore, season: SeasonPlan) {
    const r = stream(this.seed, 'season', core.id, season.number);
    return {
      id: this.seasonId(core, season),
      name: season.number === 0 ? 'Specials' : `Season ${season.number}`,
      overview: season.number === 0 || r.chance(0.5) ? '' : inventOverview(r),
      poster_path: r.chance(0.9) ? mainImagePath(this.seed, 'poster', 'season', [core.id, season.number], core.originalLanguage) : null,
      vote_average: season.startOffset > 0 ? 0 : r.decimal(5, 9, 1),
      objectId: objectId(r),
    };
  }

  /** What a season's summary (in series details) and its own details both say. */
  private seasonFields(text: ReturnType<SeriesFactory['seasonText']>, season: SeasonPlan, today: number) {
    return {
      air_date: dateAt(today, season.startOffset),
      id: text.id,
      name: text.name,
      overview: text.overview,
      poster_path: text.poster_path,
      season_number: season.number,
      vote_average: text.vote_average,
    };
  }

  seasonSummary(core: SeriesCore, season: SeasonPlan, today: number) {
    return { ...this.seasonFields(this.seasonText(core, season), season, today), episode_count: season.episodeCount };
  }

  seasonDetails(core: SeriesCore, season: SeasonPlan, today: number) {
    const plan = this.cast.plan(core);
    const episodes = Array.from({ length: season.episodeCount }, (_, i) => this.episodeDetails(core, season, i + 1, today, plan));
    const text = this.seasonText(core, season);
    // A season names the networks of its series, as the real service's season details do.
    const { networks } = this.details(core.id, today);
    return { _id: text.objectId, ...this.seasonFields(text, season, today), episodes, networks };
  }

  /** The last regular episode that has aired, and the next one to air. */
  private lastAndNext(core: SeriesCore): { last?: [SeasonPlan, number]; next?: [SeasonPlan, number] } {
    let last: [SeasonPlan, number] | undefined;
    let next: [SeasonPlan, number] | undefined;
    for (const season of core.seasons) {
      if (season.number === 0) continue;
      for (let e = 1; e <= season.episodeCount; e++) {
        if (airOffset(season, e) <= 0) last = [season, e];
        else if (!next && !core.unscheduled) next = [season, e];
      }
    }
    return { last, next };
  }

  /**
   * A series' ids elsewhere. Every series carries an IMDb id (find reads it back from its form);
   * the other sources only now and then.
   */
  externalIds(id: number, today: number) {
    const r = stream(this.seed, 'series-external', id);
    const { name } = this.listItem(id, today);
    return {
      id,
      imdb_id: imdbIdOf({ kind: 'tv', id }),
      freebase_mid: r.chance(0.4) ? `/m/0${r.int(0x10000, 0xfffffff).toString(36)}` : null,
      freebase_id: r.chance(0.3) ? `/en/${name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')}` : null,
      tvdb_id: carriesId(r, 0.9, [70_000, 450_000]) ? tvdbIdOf({ kind: 'tv', id }) : null,
      tvrage_id: r.chance(0.3) ? r.int(1_000, 60_000) : null,
      ...socialIds(r, { kind: 'tv', id }, name),
    };
  }

  /** E16 and series details. */
  details(id: number, today: number) {
    const core = this.core(id);
    const item = this.listItem(id, today, core);
    const text = this.text(id);
    const r = stream(this.seed, 'series-details', id);
    const { last, next } = this.lastAndNext(core);
    const regular = core.seasons.filter((s) => s.number !== 0);
    const creators = this.creators(r, core);
    const { genre_ids: _genreIds, ...rest } = item;
    const status = core.inProduction ? 'Returning Series' : r.chance(0.8) ? 'Ended' : 'Canceled';
    const type = regular.length === 1 && !core.inProduction && r.chance(0.5) ? 'Miniseries' : r.weighted([['Scripted', 8], ['Documentary', 1], ['Reality', 1]] as const);
    return {
      ...rest,
      created_by: creators.map((personId) => ({ id: personId, credit_id: objectId(r), ...this.credits.creator(personId) })),
      episode_run_time: r.chance(0.7) ? [core.runtime] : [],
      genres: genresOf(core.genreIds),
      homepage: r.chance(0.3) ? `https://www.example.com/series/${id}` : '',
      in_production: core.inProduction,
      languages: [core.originalLanguage],
      last_air_date: last ? dateAt(today, airOffset(last[0], last[1])) : null,
      last_episode_to_air: last ? this.episodeSummary(core, last[0], last[1], today) : null,
      networks: [network(this.seed, r)],
      next_episode_to_air: next ? this.episodeSummary(core, next[0], next[1], today) : null,
      number_of_episodes: regular.reduce((n, s) => n + s.episodeCount, 0),
      number_of_seasons: regular.length,
      production_companies: productionCompanies(this.seed, r, r.int(0, 2)),
      production_countries: [{ iso_3166_1: core.originCountry, name: countryName(core.originCountry) }],
      seasons: core.seasons.map((season) => this.seasonSummary(core, season, today)),
      spoken_languages: [spokenLanguage(core.originalLanguage)],
      status,
      tagline: text.tagline,
      type,
    };
  }

  /** E15: the key is `results`. */
  keywords(id: number) {
    const r = stream(this.seed, 'series-keywords', id);
    const indexes = r.sample(KEYWORDS.map((_, i) => i), r.int(2, 7));
    return { id, results: indexes.map((i) => ({ name: KEYWORDS[i]!, id: keywordId(i) })) };
  }

  /** E10: stills of an episode that has aired (none before). */
  episodeImages(core: SeriesCore, season: SeasonPlan, episode: number): { id: number; stills: ImageEntry[] } {
    const aired = airOffset(season, episode) <= 0;
    const count = aired ? stream(this.seed, 'episode-image-count', core.id, season.number, episode).int(1, 4) : 0;
    return {
      id: this.episodeId(core.id, season.number, episode),
      stills: imageSet(this.seed, 'still', 'episode', [core.id, season.number, episode], count, core.originalLanguage),
    };
  }

  /** E19, with the real service's field names; each may be null, as in real data. */
  episodeExternalIds(core: SeriesCore, season: SeasonPlan, episode: number) {
    const r = stream(this.seed, 'episode-external', core.id, season.number, episode);
    const target = { kind: 'episode', seriesId: core.id, season: season.number, episode } as const;
    const slug = (inventEpisodeTitle(r) + ' ' + r.pick(NOUNS)).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
    return {
      id: this.episodeId(core.id, season.number, episode),
      imdb_id: carriesId(r, 0.85, [100000, 39999999])
        ? imdbIdOf({ kind: 'episode', seriesId: core.id, season: season.number, episode })
        : null,
      freebase_mid: r.chance(0.3) ? `/m/0${r.int(0x10000, 0xfffffff).toString(36)}` : null,
      freebase_id: r.chance(0.2) ? `/en/${slug}` : null,
      tvdb_id: carriesId(r, 0.85, [100000, 10_999_999]) ? tvdbIdOf(target) : null,
      tvrage_id: r.chance(0.25) ? r.int(100000, 1_999_999_999) : null,
      wikidata_id: carriesId(r, 0.35, [1_000_000, 120_000_000]) ? wikidataIdOf(target) : null,
    };
  }

  /** Day offsets (from today) of the regular episodes that have a date, between `from` and `to`. */
  airingOffsets(core: SeriesCore, from: number, to: number): number[] {
    const out: number[] = [];
    for (const [season, episode] of this.regularEpisodes(core)) {
      const offset = airOffset(season, episode);
      // Episodes still to come have no date while the series is between announcements.
      if (offset >= from && offset <= to && (offset <= 0 || !core.unscheduled)) out.push(offset);
    }
    return out;
  }

  /** Every regular episode (specials left out) in air order, as [season, episode]. */
  regularEpisodes(core: SeriesCore): Array<[SeasonPlan, number]> {
    const out: Array<[SeasonPlan, number]> = [];
    for (const season of core.seasons) {
      if (season.number === 0) continue;
      for (let e = 1; e <= season.episodeCount; e++) out.push([season, e]);
    }
    return out;
  }

  /** The network the series airs on (the one its details name). */
  networkOf(id: number): NetworkRef {
    return this.details(id, 0).networks[0]!;
  }

  /** The series' posters, backdrops and logos; the first poster and backdrop are the ones it names. */
  images(id: number) {
    const text = this.text(id);
    return seriesImages(this.seed, this.core(id), text.hasPoster, text.hasBackdrop);
  }

  /** A season's posters; the first is its poster_path. */
  seasonImages(core: SeriesCore, season: SeasonPlan) {
    const text = this.seasonText(core, season);
    return seasonPosters(this.seed, core, season, text.id, text.poster_path !== null);
  }

  /** A season's ids elsewhere; the service keeps no IMDb id for seasons. */
  seasonExternalIds(core: SeriesCore, season: SeasonPlan) {
    const r = stream(this.seed, 'season-external', core.id, season.number);
    const target = { kind: 'season', seriesId: core.id, season: season.number } as const;
    return {
      id: this.seasonId(core, season),
      freebase_mid: r.chance(0.3) ? `/m/0${r.int(0x10000, 0xfffffff).toString(36)}` : null,
      freebase_id: r.chance(0.2) ? `/m/0${r.int(0x10000, 0xfffffff).toString(36)}` : null,
      tvdb_id: carriesId(r, 0.85, [10_000, 2_000_000]) ? tvdbIdOf(target) : null,
      tvrage_id: r.chance(0.2) ? r.int(1_000, 100_000) : null,
      wikidata_id: carriesId(r, 0.3, [1_000_000, 120_000_000]) ? wikidataIdOf(target) : null,
    };
  }

  /** The series' episode groups, planned (episode-groups.ts). */
  episodeGroups(core: SeriesCore): EpisodeGroupPlan[] {
    return planEpisodeGroups(this.seed, core, this.regularEpisodes(core));
  }

  /** The group an id names, with its series; undefined when there is no such group. */
  episodeGroup(id: string): { core: SeriesCore; plan: EpisodeGroupPlan } | undefined {
    const named = readGroupId(id);
    if (!named || !this.exists(named.seriesId)) return undefined;
    const core = this.core(named.seriesId);
    const plan = this.episodeGroups(core).find((group) => group.slot === named.slot);
    return plan && plan.id === id ? { core, plan } : undefined;
  }

  /** Episodes shown in cinemas, as [season, episode]. */
  screenedTheatrically(core: SeriesCore): Array<readonly [SeasonPlan, number]> {
    return screenedEpisodes(this.seed, core, this.airedEpisodes(core));
  }

  /** Every aired episode of a series as [season, episode], for tagged images. */
  airedEpisodes(core: SeriesCore): Array<[SeasonPlan, number]> {
    const out: Array<[SeasonPlan, number]> = [];
    for (const season of core.seasons) {
      for (let e = 1; e <= season.episodeCount; e++) if (airOffset(season, e) <= 0) out.push([season, e]);
    }
    return out;
  }
}

