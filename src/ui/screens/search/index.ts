import type { ScreenDefinition } from '../registry.js';
import { SearchScreen } from './SearchScreen.js';

export const searchScreens: readonly ScreenDefinition[] = [
  { id: 'search.home', title: () => 'Multi search', component: SearchScreen },
];
