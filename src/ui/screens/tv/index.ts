import type { ScreenDefinition } from '../registry.js';
import { PopularTv } from './PopularTv.js';
import { SeriesDetail } from './SeriesDetail.js';

export const tvScreens: readonly ScreenDefinition[] = [
  { id: 'tv.home', title: () => 'Popular', component: PopularTv },
  { id: 'tv.detail', title: (params) => String(params.title ?? 'Series'), component: SeriesDetail },
];
