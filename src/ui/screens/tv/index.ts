import type { ScreenDefinition } from '../registry.js';
import { EpisodeScreen } from './EpisodeScreen.js';
import { LatestSeries } from './LatestSeries.js';
import { PopularTv } from './PopularTv.js';
import { SeasonScreen } from './SeasonScreen.js';
import { SeriesDetail } from './SeriesDetail.js';

/**
 * The TV tab: popular series -> a series (tv.detail, params { id, title }) -> a season
 * (tv.season, see params.ts) -> an episode (tv.episode). tv.latest shows the latest series.
 */
export const tvScreens: readonly ScreenDefinition[] = [
  { id: 'tv.home', title: () => 'Popular', component: PopularTv },
  { id: 'tv.latest', title: () => 'Latest', component: LatestSeries },
  { id: 'tv.detail', title: (params) => String(params.title ?? 'Series'), component: SeriesDetail },
  { id: 'tv.season', title: (params) => String(params.title ?? 'Season'), component: SeasonScreen },
  { id: 'tv.episode', title: (params) => String(params.title ?? 'Episode'), component: EpisodeScreen },
];
