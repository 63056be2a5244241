import { imageAddressProblem, imageUrl, isWebAddress, type ImageKind } from '../api/images.js';
import type {
  CollectionDetails,
  Configuration,
  ImageEntry,
  ListSummary,
  MovieDetails,
  MovieImages,
  MovieListItem,
} from '../contract/index.js';
import type { TabId } from './navigation.js';
import { regionName } from './regions.js';
import { patchSlice, type SetState, type SliceContext } from './types.js';

export type { CollectionDetails, ImageEntry, ImageKind, MovieDetails, MovieImages, MovieListItem };

/** The lists of the Movies tab; Latest (E1) is not a list but a movie, so it opens the movie screen. */
export type MovieSection = 'popular' | 'nowPlaying' | 'topRated' | 'upcoming';

/** The language the service answers in when none is chosen (its own default). */
export const DEFAULT_LANGUAGE = 'en-US';

export const MOVIES_POPULAR = 'movies:popular';
export const MOVIES_NOW_PLAYING = 'movies:now_playing';
export const MOVIES_TOP_RATED = 'movies:top_rated';
export const upcomingKey = (region: string | undefined, language: string) => `movies:upcoming:${region ?? 'any'}:${language}`;
export const MOVIE_LATEST = 'movie:latest';
export const movieKey = (id: number) => `movie:${id}`;
export const movieImagesKey = (id: number) => `movie:${id}:images`;
/** E12: the lists that hold a movie (public data; it changes when anyone edits a list). */
export const movieListsKey = (id: number) => `movie:${id}:lists`;
export const MOVIE_LISTS_PATTERN = /^movie:\d+:lists$/;
export const collectionKey = (id: number, language: string) => `collection:${id}:${language}`;

/** E14 and now playing say which release dates they cover. */
export interface DateWindow {
  readonly minimum: string;
  readonly maximum: string;
}

export interface MoviesSlice {
  readonly section: MovieSection;
  /** ISO 3166-1 code for Upcoming; undefined asks for every region. */
  readonly upcomingRegion?: string;
  /** Language of the Upcoming answers (ISO 639-1, optionally with a region: "en-US"). */
  readonly upcomingLanguage: string;
  /** The date window each dated list (by its data key) reported with its first page. */
  readonly windows: Readonly<Record<string, DateWindow>>;
  setSection(section: MovieSection): Promise<void>;
  setUpcomingRegion(region: string | undefined): Promise<void>;
  setUpcomingLanguage(language: string): Promise<void>;
  /** Loads the list of a section (the current one by default). */
  loadSection(section?: MovieSection, force?: boolean): Promise<void>;
  loadPopular(force?: boolean): Promise<void>;
  /** E1 */
  loadLatest(force?: boolean): Promise<void>;
  loadDetails(id: number, force?: boolean): Promise<void>;
  /** E22 */
  loadImages(id: number, force?: boolean): Promise<void>;
  /** E12, paged */
  loadListsContaining(id: number, force?: boolean): Promise<void>;
  /** E9 */
  loadCollection(id: number, language: string, force?: boolean): Promise<void>;
  /** Opens an address (an image) in the browser; it stays on screen in case no browser opens. */
  openAddress(url: string): void;
}

/** The data key of a section's list as it is chosen now. */
export function sectionKey(movies: Pick<MoviesSlice, 'section' | 'upcomingRegion' | 'upcomingLanguage'>, section = movies.section): string {
  switch (section) {
    case 'popular':
      return MOVIES_POPULAR;
    case 'nowPlaying':
      return MOVIES_NOW_PLAYING;
    case 'topRated':
      return MOVIES_TOP_RATED;
    case 'upcoming':
      return upcomingKey(movies.upcomingRegion, movies.upcomingLanguage);
  }
}

/**
 * A tab's first screen takes its title from its parameters (the breadcrumb reads them), so a
 * tab whose first screen switches between views keeps the view there too. The entry keeps its
 * key: the screen stays mounted and its list cursors stay where they were.
 */
export function setRootParams(set: SetState, tab: TabId, params: Readonly<Record<string, string>>): void {
  patchSlice(set, 'nav', (nav) => {
    const [root, ...rest] = nav.stacks[tab];
    if (!root || Object.entries(params).every(([name, value]) => root.params[name] === value)) return {};
    return { stacks: { ...nav.stacks, [tab]: [{ ...root, params: { ...root.params, ...params } }, ...rest] } };
  });
}

export function createMoviesSlice({ set, get, runtime }: SliceContext): MoviesSlice {
  const remember = (key: string, dates: DateWindow) =>
    patchSlice(set, 'movies', (m) => {
      const known = m.windows[key];
      if (known && known.minimum === dates.minimum && known.maximum === dates.maximum) return {};
      return { windows: { ...m.windows, [key]: { minimum: dates.minimum, maximum: dates.maximum } } };
    });

  return {
    section: 'popular',
    upcomingLanguage: DEFAULT_LANGUAGE,
    windows: {},

    async setSection(section) {
      patchSlice(set, 'movies', (m) => (m.section === section ? {} : { section }));
      setRootParams(set, 'movies', { section });
      await get().movies.loadSection(section);
    },

    async setUpcomingRegion(region) {
      patchSlice(set, 'movies', { upcomingRegion: region });
      await get().movies.loadSection('upcoming');
    },

    async setUpcomingLanguage(language) {
      patchSlice(set, 'movies', { upcomingLanguage: language });
      await get().movies.loadSection('upcoming');
    },

    loadSection(section = get().movies.section, force = false) {
      const movies = get().movies;
      const key = sectionKey(movies, section);
      const { data } = get();
      switch (section) {
        case 'popular':
          return movies.loadPopular(force);
        case 'topRated':
          return data.fetchPaged(key, (client, page) => client.call('topRatedMovies', { query: { page } }), { force });
        case 'nowPlaying':
          return data.fetchPaged(
            key,
            async (client, page) => {
              const answer = await client.call('nowPlayingMovies', { query: { page } });
              remember(key, answer.dates);
              return answer;
            },
            { force },
          );
        case 'upcoming': {
          const { upcomingRegion: region, upcomingLanguage: language } = movies;
          return data.fetchPaged(
            key,
            async (client, page) => {
              const answer = await client.call('upcomingMovies', { query: { page, language, ...(region ? { region } : {}) } });
              remember(key, answer.dates);
              return answer;
            },
            { force },
          );
        }
      }
    },

    loadPopular(force = false) {
      return get().data.fetchPaged(
        MOVIES_POPULAR,
        (client, page) => client.call('popularMovies', { query: { page } }),
        { force },
      );
    },
    loadLatest(force = false) {
      return get().data.fetchResource(MOVIE_LATEST, (client) => client.call('movieLatest', {}), { force });
    },
    loadDetails(id, force = false) {
      return get().data.fetchResource(
        movieKey(id),
        (client) => client.call('movieDetails', { path: { movie_id: id } }),
        { force },
      );
    },
    loadImages(id, force = false) {
      return get().data.fetchResource(
        movieImagesKey(id),
        (client) => client.call('movieImages', { path: { movie_id: id } }),
        { force },
      );
    },
    loadListsContaining(id, force = false) {
      return get().data.fetchPaged<ListSummary>(
        movieListsKey(id),
        (client, page) => client.call('movieLists', { path: { movie_id: id }, query: { page } }),
        { force },
      );
    },
    loadCollection(id, language, force = false) {
      return get().data.fetchResource(
        collectionKey(id, language),
        (client) => client.call('collectionDetails', { path: { collection_id: id }, query: { language } }),
        { force },
      );
    },
    openAddress(url) {
      if (!isWebAddress(url)) {
        get().notifications.notify('Not opened: only http and https addresses are opened', 'warning');
        return;
      }
      const open = runtime.deps.openUrl;
      if (!open) {
        get().notifications.notify('No browser to open here: the address is on screen', 'warning');
        return;
      }
      open(url);
      get().notifications.notify('Opening the image in the browser', 'info');
    },
  };
}

// --- images ---

/** One image of a movie or a person, with the kind that decides its sizes. */
export interface ImageRow {
  readonly kind: ImageKind;
  readonly entry: ImageEntry;
}

/** E22's three arrays as one list: posters, then backdrops, then logos. */
export function movieImageRows(images: MovieImages): ImageRow[] {
  return [
    ...images.posters.map((entry): ImageRow => ({ kind: 'poster', entry })),
    ...images.backdrops.map((entry): ImageRow => ({ kind: 'backdrop', entry })),
    ...(images.logos ?? []).map((entry): ImageRow => ({ kind: 'logo', entry })),
  ];
}

/** The image kind whose sizes fit an E8 `image_type` ("poster", "still", "backdrop", ...). */
export function imageKindOf(imageType: string): ImageKind {
  const kinds: readonly ImageKind[] = ['poster', 'backdrop', 'logo', 'profile', 'still'];
  return kinds.find((kind) => kind === imageType) ?? 'poster';
}

/**
 * The full address of an image in its original size: the E17 base address, a size and the
 * file path. Undefined until the configuration is loaded, and for an address that is refused
 * (see imageAddressRefusal).
 */
export function imageAddress(configuration: Configuration | undefined, kind: ImageKind, filePath: string): string | undefined {
  if (!configuration || imageAddressProblem(configuration, filePath)) return undefined;
  return imageUrl(configuration, kind, filePath);
}

/** Why an image's address is not offered for opening or copying; undefined when it is. */
export function imageAddressRefusal(configuration: Configuration | undefined, filePath: string): string | undefined {
  const problem = configuration ? imageAddressProblem(configuration, filePath) : undefined;
  return problem ? `No address to open or copy: ${problem}.` : undefined;
}

// --- codes people pick from ---

export interface CodeChoice {
  readonly code: string;
  readonly name: string;
}

/**
 * Codes Intl names that are not countries: exceptionally reserved ones (AC, CP, CQ, DG, EA, EU,
 * EZ, IC, TA, UN) and user-assigned ones (QO, XA, XB, ZZ). XK stays: the service uses it for Kosovo.
 */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

/** Every pair of letters, upper or lower case: the candidates for ISO 3166-1 and 639-1 codes. */
function letterPairs(upper: boolean): string[] {
  const first = upper ? 65 : 97;
  const pairs: string[] = [];
  for (let a = 0; a < 26; a++) for (let b = 0; b < 26; b++) pairs.push(String.fromCharCode(first + a, first + b));
  return pairs;
}

let regions: CodeChoice[] | undefined;
let languages: CodeChoice[] | undefined;

/**
 * The ISO 3166-1 countries, by name. Intl names a region code it knows; codes it only knows as
 * aliases of others (ZR for CD) canonicalize to something else and are left out.
 */
export function regionChoices(): readonly CodeChoice[] {
  regions ??= (() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    return letterPairs(true)
      .filter((code) => !NOT_COUNTRIES.has(code) && names.of(code) !== undefined)
      .filter((code) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`)
      .map((code) => ({ code, name: regionName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  })();
  return regions;
}

/** The ISO 639-1 languages, by name (183 of them, as the standard has). */
export function languageChoices(): readonly CodeChoice[] {
  languages ??= (() => {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return letterPairs(false)
      .map((code) => ({ code, name: names.of(code) }))
      .filter((choice): choice is CodeChoice => choice.name !== undefined && choice.name !== choice.code)
      .filter(({ code }) => Intl.getCanonicalLocales(code)[0] === code)
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  })();
  return languages;
}

export function isLanguageCode(code: string): boolean {
  return languageChoices().some((choice) => choice.code === code);
}
