import { chosenCountry, regionName, type AppState, type ScreenEntry } from '../state/index.js';
import { DiscoverScreen } from './screens/browse/DiscoverScreen.js';
import { TrendingScreen } from './screens/browse/TrendingScreen.js';
import { CertificationsScreen } from './screens/certifications/CertificationsScreen.js';
import { CountryScreen } from './screens/certifications/CountryScreen.js';
import { LabelTitlesScreen } from './screens/certifications/LabelTitlesScreen.js';
import { ListScreen } from './screens/lists/ListScreen.js';
import { MARKED_TITLES, MarkedTitles } from './screens/lists/MarkedTitles.js';
import { MyLists } from './screens/lists/MyLists.js';
import { CollectionScreen } from './screens/movies/CollectionScreen.js';
import { CompanyScreen } from './screens/movies/CompanyScreen.js';
import { KeywordScreen } from './screens/movies/KeywordScreen.js';
import { MoviesHome } from './screens/movies/MoviesHome.js';
import { SECTION_TITLES } from './screens/movies/sections.js';
import { MovieScreen } from './screens/movies/MovieScreen.js';
import { route, type Route } from './screens/screen.js';
import { TitleCertificationsScreen } from './screens/titles/TitleCertificationsScreen.js';
import { ReviewScreen } from './screens/reviews/ReviewScreen.js';
import { PersonScreen } from './screens/search/PersonScreen.js';
import { SearchScreen } from './screens/search/SearchScreen.js';
import { SettingsScreen } from './screens/settings/SettingsScreen.js';
import { HeatMapScreen } from './screens/stats/HeatMapScreen.js';
import { StatsScreen } from './screens/stats/StatsScreen.js';
import { StatsTitlesScreen } from './screens/stats/StatsTitlesScreen.js';
import { CalendarScreen } from './screens/tv/CalendarScreen.js';
import { UpNextScreen } from './screens/tv/UpNextScreen.js';
import { EpisodeScreen } from './screens/tv/EpisodeScreen.js';
import { LatestSeries } from './screens/tv/LatestSeries.js';
import { PopularTv, TV_SECTION_TITLES } from './screens/tv/PopularTv.js';
import { EpisodeGroupScreen } from './screens/tv/EpisodeGroupScreen.js';
import { NetworkScreen } from './screens/tv/NetworkScreen.js';
import { SeasonScreen } from './screens/tv/SeasonScreen.js';
import { SeriesDetail } from './screens/tv/SeriesDetail.js';

/**
 * Every screen of the program: its id (pushed on a tab's stack; also the keymap scope of the
 * screen's own keys), its title in the breadcrumb, and its component, whose props say which
 * parameters it is pushed with. `nav.push` takes exactly those (see ScreenParamsById below).
 */
export const ROUTES = {
  // Movies. The section is kept in the root entry's parameters (see movies.setSection), so the breadcrumb names it.
  'movies.home': route(MoviesHome, (params) => SECTION_TITLES[params.section ?? 'popular']),
  // The palette offers the films, series and people visited this run again (see recentAs).
  'movies.detail': route(MovieScreen, (params) => params.title, 'film'),
  'movies.collection': route(CollectionScreen, (params) => params.title),
  // TV: popular series -> a series -> a season -> an episode; the latest series.
  // The section is kept in the root entry's parameters, so the breadcrumb names it.
  'tv.home': route(PopularTv, (params) => TV_SECTION_TITLES[params.section ?? 'popular']),
  'tv.latest': route(LatestSeries, () => 'Latest'),
  'tv.detail': route(SeriesDetail, (params) => params.title, 'series'),
  'tv.season': route(SeasonScreen, (params) => params.title),
  'tv.episode': route(EpisodeScreen, (params) => params.title),
  'tv.calendar': route(CalendarScreen, () => 'Calendar'),
  // Reached from any tab (on top of its stack).
  'tv.upNext': route(UpNextScreen, () => 'Up next'),
  // Search. The mode is kept in the root entry's parameters (see search.setMode).
  'search.home': route(SearchScreen, (params) => (params.mode === 'collections' ? 'Collections' : 'Multi search')),
  'search.person': route(PersonScreen, (params) => params.title, 'person'),
  'lists.home': route(MyLists, () => 'My lists'),
  'lists.detail': route(ListScreen, (params) => params.title),
  // My watchlist, favourites or ratings (films, series, episodes).
  'lists.marked': route(MarkedTitles, (params) => MARKED_TITLES[params.which]),
  // My ratings in figures, then the titles behind one of its bars.
  'lists.stats': route(StatsScreen, () => 'Stats'),
  'lists.statsTitles': route(StatsTitlesScreen, (params) => params.title),
  'lists.statsHeatMap': route(HeatMapScreen, (params) => params.title),
  'certifications.home': route(CertificationsScreen, () => 'By country'),
  // A country's ladders, then the titles that carry one of its labels.
  // The country is the slice's chosen one (] and [ move it), named from there.
  'certifications.country': route(CountryScreen, (_params, state) => (state ? regionName(chosenCountry(state)) : 'Country')),
  'certifications.titles': route(LabelTitlesScreen, (params) => params.title),
  // A film's or a series' certification in every country (from its screen).
  'titles.certifications': route(TitleCertificationsScreen, () => 'Certifications'),
  // Reached from any tab (on top of its stack).
  settings: route(SettingsScreen, () => 'Settings'),
  // Trending and Discover, opened from the Movies and TV tabs (their stacks; the screens are the same).
  'browse.trending': route(TrendingScreen, (params) => params.title),
  'browse.discover': route(DiscoverScreen, (params) => params.title),
  // --- tv-world: a series' network (and the series it airs) and its episode groups ---
  'tv.network': route(NetworkScreen, (params) => params.title),
  'tv.episodeGroup': route(EpisodeGroupScreen, (params) => params.title),
  // --- movie-world: a review, whole; a company's films; a keyword's films ---
  'titles.review': route(ReviewScreen, (params) => params.title),
  'movies.company': route(CompanyScreen, (params) => params.title),
  'movies.keyword': route(KeywordScreen, (params) => params.title),
};

export type RouteId = keyof typeof ROUTES;
type ParamsOf<R> = R extends Route<infer P> ? P : never;
type RouteParams = { [K in RouteId]: ParamsOf<(typeof ROUTES)[K]> };

declare module '../state/slices/navigation.js' {
  // The route table is the one place that says what each screen is pushed with.
  interface ScreenParamsById extends RouteParams {}
}

/** The route of an entry on a stack. Its parameters were checked by `push`, so they fit the route. */
export function findRoute(screen: string): Route<ScreenEntry['params']> | undefined {
  return Object.hasOwn(ROUTES, screen) ? (ROUTES[screen as RouteId] as unknown as Route<ScreenEntry['params']>) : undefined;
}

export function screenTitle(entry: ScreenEntry, state?: AppState): string {
  return findRoute(entry.screen)?.title(entry.params, state) ?? entry.screen;
}
