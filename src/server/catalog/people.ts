import { dateAt } from './calendar.js';
import type { CastEntry, CrewEntry } from './credit-slots.js';
import type { AggregateJob, AggregateRole } from './series-credits.js';
import { type CreditRef, type PersonCore, PersonCredits } from './credits.js';
import type { PeoplePools } from './people-pools.js';
import { airOffset } from './series-core.js';
import { type ImageEntry, imageSet } from './images.js';
import { carriesId, handleOf, imdbIdOf, socialIds } from './external-ids.js';
import { BIRTH_COUNTRIES, countryName } from './languages.js';
import type { MovieFactory } from './movies.js';
import { stream } from './random.js';
import type { SeriesFactory } from './series.js';
import type { CatalogShape } from './shape.js';
import { inventTown, objectId } from './text.js';
import { ListItemCache } from './list-item-cache.js';

/** A title that credits a person, as far as the person's page needs it (see titlesOf). */
interface CreditedTitle extends CreditRef {
  popularity: number;
  /** Days from today of the title's first and last release (a series: its episodes). */
  first: number;
  last: number;
  throughout: boolean;
}

/** A person's own pages: details, search result, images and tagged images. */
/** A person as a search finds them: the credit, tagged, and the titles they are known for. */
type PersonSearchItem = ReturnType<PersonCredits['credit']> & {
  readonly media_type: 'person';
  readonly known_for: Array<Record<string, unknown> & { readonly id: number; readonly media_type: string }>;
};

export class PersonFactory extends PersonCredits {
  private readonly searchItems = new ListItemCache<PersonSearchItem>();

  constructor(
    shape: CatalogShape,
    pools: PeoplePools,
    private readonly movies: MovieFactory,
    private readonly series: SeriesFactory,
  ) {
    super(shape, pools);
  }

  /**
   * The titles whose credits name the person, read from the credits' slots without adding up
   * a series' episodes: each film whose credits name them, and each series whose people (its
   * regulars, crew, directors, writers, guests) include them, with the days the title spans
   * (a series: its first and last episode, bounding the episodes the person is in) and whether
   * the person is credited throughout (a film's credit; a series' regular or own crew).
   */
  private titlesOf(id: number): CreditedTitle[] {
    const titles: CreditedTitle[] = [];
    for (const movieId of this.movies.cast.candidates(id)) {
      const { cast, crew } = this.movies.cast.credits(movieId);
      if (!cast.some((entry) => entry.personId === id) && !crew.some((entry) => entry.personId === id)) continue;
      const core = this.movies.core(movieId);
      titles.push({ kind: 'movie', id: movieId, popularity: core.popularity, first: core.releaseOffset, last: core.releaseOffset, throughout: true });
    }
    for (const seriesId of this.series.cast.candidates(id)) {
      const core = this.series.core(seriesId);
      const { regulars, crew, directors, writers, guests } = this.series.cast.plan(core);
      const names = (entries: ReadonlyArray<{ personId: number }>) => entries.some((entry) => entry.personId === id);
      const throughout = names(regulars) || names(crew);
      if (!throughout && !names(directors) && !names(writers) && !names(guests)) continue;
      const days = core.seasons.flatMap((season) => [airOffset(season, 1), airOffset(season, season.episodeCount)]);
      titles.push({ kind: 'tv', id: seriesId, popularity: core.popularity, first: Math.min(...days), last: Math.max(...days), throughout });
    }
    return titles;
  }

  /**
   * What the person is known for: their three most popular titles among the films that credit
   * them and the series they are in throughout; someone only ever a guest or an episode's
   * director or writer is known for the series whose episodes credit them.
   */
  knownFor(id: number, titles: CreditedTitle[] = this.titlesOf(id)): CreditRef[] {
    let known = titles.filter((title) => title.throughout);
    if (known.length === 0) {
      const found = this.filmography(id);
      const credited = new Set([...found.seriesCast, ...found.seriesCrew].map((credit) => credit.seriesId));
      known = titles.filter((title) => title.kind === 'tv' && credited.has(title.id));
    }
    return known
      .sort((a, b) => b.popularity - a.popularity || (a.kind === b.kind ? a.id - b.id : a.kind === 'movie' ? -1 : 1))
      .slice(0, 3)
      .map(({ kind, id: titleId }) => ({ kind, id: titleId }));
  }

  /**
   * Birth and death (offsets from today), fitted around the person's titles: an actor is first
   * credited between 6 and 40, anyone else between 20 and 55; a person dies only after their
   * last title came out, or at most a year before it (a posthumous release). Someone with no
   * credits keeps the life drawn for them alone.
   */
  private life(core: PersonCore, titles: CreditedTitle[], drawn: { birth: number; death: number | null }): { birth: number; death: number | null } {
    if (titles.length === 0) return drawn;
    const first = Math.min(...titles.map((title) => title.first));
    const last = Math.max(...titles.map((title) => title.last));
    const r = stream(this.seed, 'person-life', core.id);
    const youngest = (core.department === 'Acting' ? 6 : 20) * 365;
    const birth = first - r.int(youngest, youngest + 35 * 365);
    if (last > 0 || -birth < 60 * 365 || !r.chance(0.15)) return { birth, death: null };
    const earliest = Math.max(last - 365, birth + 50 * 365);
    return earliest <= -30 ? { birth, death: r.int(earliest, -30) } : { birth, death: null };
  }

  private knownForItems(refs: CreditRef[], today: number) {
    return refs.map((ref) =>
      ref.kind === 'movie'
        ? { ...this.movies.listItem(ref.id, today), media_type: 'movie' }
        : { ...this.series.listItem(ref.id, today), media_type: 'tv' },
    );
  }

  /**
   * E20 person result: the credit, tagged, with what the person is known for. Kept once made
   * (list-item-cache.ts), so it is frozen: spread it to add fields. Known-for is worked out from
   * every credit of the person, a few milliseconds each time, and every search that finds a
   * name and every list of people shows it.
   */
  searchItem(id: number, today: number): PersonSearchItem {
    return this.searchItems.get(id, today, () => ({
      ...this.credit(id),
      media_type: 'person' as const,
      known_for: this.knownForItems(this.knownFor(id), today),
    }));
  }

  /** A person in a list of people (popular people, a search of people): the search result without its kind. */
  listItem(id: number, today: number) {
    const { media_type: _mediaType, ...person } = this.searchItem(id, today);
    return person;
  }

  details(id: number, today: number) {
    const core = this.core(id);
    const r = stream(this.seed, 'person-details', id);
    const ageDays = r.int(18 * 365, 85 * 365);
    const died = ageDays > 60 * 365 && r.chance(0.1);
    const country = r.pick(BIRTH_COUNTRIES);
    const town = inventTown(r);
    const credited = this.titlesOf(id);
    const titles = this.knownForItems(this.knownFor(id, credited), today).map((item) => ('title' in item ? item.title : item.name));
    // As in real data, many people's birthday and birthplace are not known (drawn apart, so the
    // rest of the person stays what it was).
    const unknownBirth = stream(this.seed, 'person-birth-unknown', id).chance(0.15);
    const origin = unknownBirth ? '' : `was born in ${town}, ${countryName(country)}, and `;
    const biography =
      `${core.name} ${origin}works mainly in ${core.department.toLowerCase()}. ` +
      `${core.gender === 1 ? 'She' : core.gender === 2 ? 'He' : 'They'} ${core.gender === 3 || core.gender === 0 ? 'are' : 'is'} best known for ${titles.join(', ')}.`;
    // Drawn in the order they always were: the biography's chance, then the day of death (of
    // someone without credits; a credited person's life is fitted to their credits).
    const hasBiography = r.chance(0.85);
    const life = this.life(core, credited, { birth: -ageDays, death: died ? -ageDays + r.int(50 * 365, ageDays - 30) : null });
    return {
      adult: false,
      also_known_as: core.alsoKnownAs,
      biography: hasBiography ? biography : '',
      birthday: unknownBirth ? null : dateAt(today, life.birth),
      deathday: life.death === null ? null : dateAt(today, life.death),
      gender: core.gender,
      homepage: null,
      id,
      imdb_id: carriesId(r, 0.9, [1, 9_999_999]) ? imdbIdOf({ kind: 'person', id }) : null,
      known_for_department: core.department,
      name: core.name,
      place_of_birth: unknownBirth ? null : `${town}, ${countryName(country)}`,
      popularity: core.popularity,
      profile_path: this.profilePath(core),
    };
  }

  /**
   * Every credit that names the person, found from the slots that could (credit-slots.ts):
   * films with the character or job, series with each character or job and its episode count.
   */
  filmography(id: number) {
    const movies = this.movies.cast;
    const movieCast: Array<{ movieId: number; entry: CastEntry }> = [];
    const movieCrew: Array<{ movieId: number; entry: CrewEntry }> = [];
    for (const movieId of movies.candidates(id)) {
      const credits = movies.credits(movieId);
      for (const entry of credits.cast) if (entry.personId === id) movieCast.push({ movieId, entry });
      for (const entry of credits.crew) if (entry.personId === id) movieCrew.push({ movieId, entry });
    }
    const seriesCast: Array<{ seriesId: number; role: AggregateRole }> = [];
    const seriesCrew: Array<{ seriesId: number; department: string; job: AggregateJob }> = [];
    for (const seriesId of this.series.cast.candidates(id)) {
      const { cast, crew } = this.series.cast.aggregate(this.series.core(seriesId));
      for (const member of cast) if (member.personId === id) for (const role of member.roles) seriesCast.push({ seriesId, role });
      for (const member of crew) {
        if (member.personId === id) for (const job of member.jobs) seriesCrew.push({ seriesId, department: member.department, job });
      }
    }
    return { movieCast, movieCrew, seriesCast, seriesCrew };
  }

  /** A person's films, each as lists show it, with the credit. */
  movieCredits(id: number, today: number, found = this.filmography(id)) {
    return {
      id,
      cast: found.movieCast.map(({ movieId, entry }) => ({
        ...this.movies.listItem(movieId, today), character: entry.character, credit_id: entry.creditId, order: entry.order,
      })),
      crew: found.movieCrew.map(({ movieId, entry }) => ({
        ...this.movies.listItem(movieId, today), credit_id: entry.creditId, department: entry.department, job: entry.job,
      })),
    };
  }

  /** A person's series, each as lists show it, with the credit and the episodes it counts. */
  tvCredits(id: number, today: number, found = this.filmography(id)) {
    return {
      id,
      cast: found.seriesCast.map(({ seriesId, role }) => ({
        ...this.series.listItem(seriesId, today), character: role.character, credit_id: role.creditId, episode_count: role.episodeCount,
      })),
      crew: found.seriesCrew.map(({ seriesId, department, job }) => ({
        ...this.series.listItem(seriesId, today), credit_id: job.creditId, department, episode_count: job.episodeCount, job: job.job,
      })),
    };
  }

  /**
   * Films and series together, each naming its kind; a series credit also carries the air date
   * of the first episode it counts (first_credit_air_date), as the service's combined answer does.
   */
  combinedCredits(id: number, today: number) {
    const found = this.filmography(id);
    const movies = this.movieCredits(id, today, found);
    const series = this.tvCredits(id, today, found);
    const firstCredit = (seriesId: number, offset: number) =>
      offset <= 0 || !this.series.core(seriesId).unscheduled ? dateAt(today, offset) : null;
    return {
      id,
      cast: [
        ...movies.cast.map((item) => ({ ...item, media_type: 'movie' as const })),
        ...series.cast.map((item, i) => {
          const { seriesId, role } = found.seriesCast[i]!;
          return { ...item, first_credit_air_date: firstCredit(seriesId, role.firstAirOffset), media_type: 'tv' as const };
        }),
      ],
      crew: [
        ...movies.crew.map((item) => ({ ...item, media_type: 'movie' as const })),
        ...series.crew.map((item, i) => {
          const { seriesId, job } = found.seriesCrew[i]!;
          return { ...item, first_credit_air_date: firstCredit(seriesId, job.firstAirOffset), media_type: 'tv' as const };
        }),
      ],
    };
  }

  /**
   * The ids other sites know the person by: the IMDb id the details carry, and now and then a
   * Wikidata item and social accounts named after the person. Freebase closed and TVRage went
   * with it: records made since have neither.
   */
  externalIds(id: number, today: number) {
    const { imdb_id, name } = this.details(id, today);
    const r = stream(this.seed, 'person-external-ids', id);
    const social = socialIds(r, { kind: 'person', id }, name);
    const handle = handleOf({ kind: 'person', id }, name).toLowerCase();
    return {
      id,
      freebase_mid: null,
      freebase_id: null,
      imdb_id,
      tvrage_id: null,
      wikidata_id: social.wikidata_id,
      facebook_id: social.facebook_id,
      instagram_id: social.instagram_id,
      tiktok_id: handle && r.chance(0.15) ? handle : null,
      twitter_id: social.twitter_id,
      youtube_id: handle && r.chance(0.1) ? handle : null,
    };
  }

  /**
   * The person's biography and name by language. The catalog writes biographies in English
   * only, so a person has the English one (with the name), when there is a biography at all.
   */
  translations(id: number, today: number) {
    const { biography, name } = this.details(id, today);
    const english = { iso_3166_1: 'US', iso_639_1: 'en', name: 'English', english_name: 'English', data: { biography, name } };
    return { id, translations: biography === '' ? [] : [english] };
  }

  /** E13 */
  images(id: number): { id: number; profiles: ImageEntry[] } {
    const core = this.core(id);
    const count = core.hasProfile ? stream(this.seed, 'person-image-count', id).int(1, 5) : 0;
    return { id, profiles: imageSet(this.seed, 'profile', 'person', [id], count, 'en') };
  }

  /**
   * E8: images of the titles the person is known for, each with the title it shows (a film, a
   * series, or one of the series' episodes).
   */
  taggedImages(id: number, today: number) {
    const r = stream(this.seed, 'person-tagged', id);
    const results = [];
    for (const ref of this.knownFor(id)) {
      if (ref.kind === 'movie') {
        const images = this.movies.images(ref.id);
        const media = { ...this.movies.listItem(ref.id, today), media_type: 'movie' };
        const picks: Array<[string, ImageEntry | undefined]> = [['poster', images.posters[0]], ['backdrop', images.backdrops[r.int(0, 5)]]];
        for (const [imageType, image] of picks) {
          if (image) results.push({ ...image, id: objectId(r), image_type: imageType, media_type: 'movie', media });
        }
      } else {
        const series = this.series.core(ref.id);
        // A series tagged in a person's image counts the aired episodes the person is in, and
        // its still is of one of them.
        const plan = this.series.cast.plan(series);
        const aired = this.series.airedEpisodes(series).filter(([season, episode]) => {
          const { cast, crew, guests } = this.series.cast.episode(series, season, episode, plan);
          return [...cast, ...crew, ...guests].some((member) => member.personId === id);
        });
        const media = { ...this.series.listItem(ref.id, today, series), media_type: 'tv', episode_count: aired.length };
        const poster = imageSet(this.seed, 'poster', 'tv', [ref.id], 1, series.originalLanguage)[0]!;
        const posterId = objectId(r);
        // A series without a poster has none to tag.
        if (media.poster_path !== null) results.push({ ...poster, id: posterId, image_type: 'poster', media_type: 'tv', media });
        if (aired.length > 0) {
          const [season, episode] = aired[r.int(0, aired.length - 1)]!;
          const still = this.series.episodeImages(series, season, episode).stills[0];
          if (still) {
            const episodeMedia = { ...this.series.episodeSummary(series, season, episode, today), media_type: 'tv_episode' };
            results.push({ ...still, id: objectId(r), image_type: 'still', media_type: 'episode', media: episodeMedia });
          }
        }
      }
    }
    return results;
  }
}
