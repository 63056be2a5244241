import { dateAt } from './calendar.js';
import { MOVIE_CERTIFICATIONS } from './certifications.js';
import { productionCompanies } from './companies.js';
import { MOVIE_GENRES, genresOf } from './genres.js';
import { type ImageEntry, imageSet, mainImagePath } from './images.js';
import { carriesId, imdbIdOf, socialIds } from './external-ids.js';
import { CatalogKind } from './kind.js';
import { MovieCast } from './movie-credits.js';
import type { PeoplePools } from './people-pools.js';
import { ListItemCache } from './list-item-cache.js';
import { LANGUAGE_COUNTRIES, RELEASE_REGIONS, countryName, furtherCountries, spokenLanguage } from './languages.js';
import { type Random, stream } from './random.js';
import type { CatalogShape, CollectionLayout } from './shape.js';
import { inventOverview, inventTagline, inventTitle, inventTitleInLanguage, sequelTitle } from './text.js';
import { SEQUEL_SUBTITLES } from './words.js';

/** What a film is, before any text: enough to index, sort and search it. */
export interface MovieCore {
  id: number;
  title: string;
  originalTitle: string;
  originalLanguage: string;
  alternativeTitles: string[];
  originCountry: string;
  /** Release date as days from today. */
  releaseOffset: number;
  popularity: number;
  voteAverage: number;
  voteCount: number;
  /** Countries the film is released in (E14 and the other film lists filter on these). */
  regions: string[];
  genreIds: number[];
  collection?: { id: number; part: number };
  video: boolean;
}

/** A film in a list: upcoming, popular, list items, collection parts, search results. */
export type MovieListItem = {
  adult: boolean;
  backdrop_path: string | null;
  genre_ids: number[];
  id: number;
  original_language: string;
  original_title: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  release_date: string;
  softcore: boolean;
  title: string;
  video: boolean;
  vote_average: number;
  vote_count: number;
};

/** The windows of the film lists, in days from today. */
export const UPCOMING_WINDOW = { from: 0, to: 21 } as const;
export const NOW_PLAYING_WINDOW = { from: -42, to: 0 } as const;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Base title, language and release days shared by the films of one collection. */
export interface CollectionBase {
  title: string;
  originalTitle: string;
  language: string;
  subtitles: Array<string | undefined>;
  releaseOffsets: number[];
}

/**
 * Countries with film ratings that the main release regions leave out. A film is also released
 * in a few of them, so that every country's ratings have films to list. Quebec ("CA-QC") rates
 * films but is no country a release is dated in, as with the real service.
 */
// Sorted, so that the draws do not follow the order the service lists its countries in.
const FURTHER_RELEASE_REGIONS = Object.keys(MOVIE_CERTIFICATIONS).sort().filter(
  (country) => country !== 'US' && !country.includes('-') && !(RELEASE_REGIONS as readonly string[]).includes(country),
);

export class MovieFactory extends CatalogKind {
  /** Who is in each film, and who made it (movie-credits.ts). */
  readonly cast: MovieCast;
  private readonly listItems = new ListItemCache<MovieListItem>();

  constructor(
    shape: CatalogShape,
    private readonly layout: CollectionLayout,
    pools: PeoplePools,
  ) {
    super(shape, shape.movieCount);
    this.cast = new MovieCast(shape, pools);
  }

  collectionBase(collectionId: number): CollectionBase {
    const r = stream(this.seed, 'collection', collectionId);
    const { language, title, originalTitle } = inventTitleInLanguage(r);
    const parts = this.layout.partCount(collectionId);
    const subtitles: Array<string | undefined> = [undefined];
    const releaseOffsets = [-r.int(1500, 14000)];
    for (let k = 1; k < parts; k++) {
      subtitles.push(r.chance(0.5) ? r.pick(SEQUEL_SUBTITLES) : undefined);
      releaseOffsets.push(Math.min(-30, releaseOffsets[k - 1]! + r.int(600, 1400)));
    }
    return { title, originalTitle, language, subtitles, releaseOffsets };
  }

  /** A collection is named after its first film's base title (E9, E11, and a film's `belongs_to_collection`). */
  collectionName(id: number): { name: string; originalName: string; language: string } {
    const base = this.collectionBase(id);
    const name = `${base.title} Collection`;
    return { name, originalName: base.originalTitle === base.title ? name : `${base.originalTitle} Collection`, language: base.language };
  }

  collectionImagePaths(id: number, language: string) {
    return {
      poster_path: mainImagePath(this.seed, 'poster', 'collection', [id], language),
      backdrop_path: mainImagePath(this.seed, 'backdrop', 'collection', [id], language),
    };
  }

  /** `belongs_to_collection` of a film. */
  collectionReference(id: number) {
    const { name, language } = this.collectionName(id);
    return { id, name, ...this.collectionImagePaths(id, language) };
  }

  /**
   * Most films came out over the last forty years; fixed slots of every 25 ids are upcoming
   * (within the E14 window), now playing, or further out, so every catalog size has all kinds.
   */
  private releaseOffset(id: number, r: Random): number {
    switch (id % 25) {
      case 3:
        return r.int(UPCOMING_WINDOW.from, UPCOMING_WINDOW.to);
      case 7:
        return r.int(NOW_PLAYING_WINDOW.from, NOW_PLAYING_WINDOW.to - 1);
      case 11:
        return r.int(UPCOMING_WINDOW.to + 1, 150);
      default:
        return -Math.floor(60 + r.next() ** 2 * 365 * 40);
    }
  }

  core(id: number): MovieCore {
    const r = stream(this.seed, 'movie', id);
    const collection = this.layout.collectionOf(id);
    let language: string;
    let title: string;
    let originalTitle: string;
    let releaseOffset: number;
    if (collection) {
      const base = this.collectionBase(collection.id);
      language = base.language;
      title = sequelTitle(base.title, collection.part, base.subtitles[collection.part]);
      originalTitle = base.originalTitle === base.title ? title : sequelTitle(base.originalTitle, collection.part, undefined);
      releaseOffset = base.releaseOffsets[collection.part]!;
    } else {
      ({ language, title, originalTitle } = inventTitleInLanguage(r));
      releaseOffset = this.releaseOffset(id, r);
    }
    const originCountry = r.pick(LANGUAGE_COUNTRIES[language] ?? ['US']);
    let popularity = Math.exp(r.next() * 6.5) / 2;
    // Films just out are the ones people talk about most; upcoming ones are anticipated, but
    // without votes they should not crowd released films out of the popular list.
    if (releaseOffset > 0) popularity = popularity * 1.2 + 8;
    else if (releaseOffset > -60) popularity = popularity * 3 + 25;
    else if (releaseOffset > -365) popularity *= 1.8;
    const ageFactor = Math.min(4, 1 + -releaseOffset / 3650);
    const voteCount = releaseOffset > 0 ? 0 : Math.floor(popularity * r.int(3, 40) * ageFactor);
    const voteAverage = voteCount === 0 ? 0 : r.decimal(4, 8.9, 3);
    const regions = new Set<string>();
    if (r.chance(0.8)) regions.add('US');
    regions.add(originCountry);
    for (const region of r.sample(RELEASE_REGIONS, r.int(0, 3))) regions.add(region);
    for (const region of furtherCountries(FURTHER_RELEASE_REGIONS, id, stream(this.seed, 'movie-further-regions', id))) regions.add(region);
    return {
      id,
      title,
      originalTitle,
      originalLanguage: language,
      alternativeTitles: r.chance(0.35) ? [inventTitle(r)] : [],
      originCountry,
      releaseOffset,
      popularity: round3(popularity),
      voteAverage,
      voteCount,
      regions: [...regions],
      genreIds: r.sample(MOVIE_GENRES, r.int(1, 3)).map((g) => g.id),
      collection,
      video: r.chance(0.03),
    };
  }

  private text(id: number): { overview: string; tagline: string; hasPoster: boolean; hasBackdrop: boolean } {
    const r = stream(this.seed, 'movie-text', id);
    const text = { overview: inventOverview(r), tagline: inventTagline(r), hasPoster: r.chance(0.97), hasBackdrop: r.chance(0.9) };
    // As in real data, some films have no overview and many no tagline. Drawn from a stream of
    // their own, so every other value of the catalog stays what it was.
    const gaps = stream(this.seed, 'movie-text-gaps', id);
    if (gaps.chance(0.06)) text.overview = '';
    if (gaps.chance(0.3)) text.tagline = '';
    return text;
  }

  /** A film as lists show it; kept once made (list-item-cache.ts), so it is frozen: spread it to add fields. */
  listItem(id: number, today: number, core?: MovieCore): MovieListItem {
    return this.listItems.get(id, today, () => this.makeListItem(id, today, core ?? this.core(id)));
  }

  private makeListItem(id: number, today: number, core: MovieCore): MovieListItem {
    const text = this.text(id);
    return {
      adult: false,
      backdrop_path: text.hasBackdrop ? mainImagePath(this.seed, 'backdrop', 'movie', [id], core.originalLanguage) : null,
      genre_ids: core.genreIds,
      id,
      original_language: core.originalLanguage,
      original_title: core.originalTitle,
      overview: text.overview,
      popularity: core.popularity,
      poster_path: text.hasPoster ? mainImagePath(this.seed, 'poster', 'movie', [id], core.originalLanguage) : null,
      release_date: dateAt(today, core.releaseOffset),
      // No title of the generated catalog is erotic.
      softcore: false,
      title: core.title,
      video: core.video,
      vote_average: core.voteAverage,
      vote_count: core.voteCount,
    };
  }

  /** A film's ids elsewhere; the IMDb id is the one its details carry. */
  externalIds(id: number, today: number) {
    const { imdb_id: imdbId, title } = this.details(id, today);
    return { id, imdb_id: imdbId, ...socialIds(stream(this.seed, 'movie-external', id), { kind: 'movie', id }, title) };
  }

  details(id: number, today: number) {
    const core = this.core(id);
    const item = this.listItem(id, today, core);
    const text = this.text(id);
    const r = stream(this.seed, 'movie-details', id);
    const released = core.releaseOffset <= 0;
    const budget = released && r.chance(0.6) ? r.int(1, 250) * 1_000_000 : 0;
    const revenue = budget > 0 ? Math.round(budget * r.decimal(0.2, 6, 2)) : 0;
    const spoken = new Set([core.originalLanguage]);
    if (core.originalLanguage !== 'en' && r.chance(0.4)) spoken.add('en');
    const collection = core.collection ? this.collectionReference(core.collection.id) : null;
    const { genre_ids: _genreIds, ...rest } = item;
    return {
      ...rest,
      belongs_to_collection: collection,
      budget,
      genres: genresOf(core.genreIds),
      homepage: r.chance(0.2) ? `https://www.example.com/films/${id}` : '',
      imdb_id: carriesId(r, 0.9, [100000, 39999999]) ? imdbIdOf({ kind: 'movie', id }) : null,
      origin_country: [core.originCountry],
      production_companies: productionCompanies(this.seed, r, r.int(1, 3)),
      production_countries: [{ iso_3166_1: core.originCountry, name: countryName(core.originCountry) }],
      revenue,
      runtime: r.int(78, 168),
      spoken_languages: [...spoken].map(spokenLanguage),
      status: released ? 'Released' : 'Post Production',
      tagline: text.tagline,
    };
  }

  images(id: number): { id: number; backdrops: ImageEntry[]; logos: ImageEntry[]; posters: ImageEntry[] } {
    const core = this.core(id);
    const text = this.text(id);
    const r = stream(this.seed, 'movie-image-counts', id);
    const language = core.originalLanguage;
    return {
      id,
      backdrops: text.hasBackdrop ? imageSet(this.seed, 'backdrop', 'movie', [id], r.int(1, 6), language) : [],
      logos: imageSet(this.seed, 'logo', 'movie', [id], r.int(0, 3), language),
      posters: text.hasPoster ? imageSet(this.seed, 'poster', 'movie', [id], r.int(1, 8), language) : [],
    };
  }
}
