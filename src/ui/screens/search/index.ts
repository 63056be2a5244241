import type { ScreenDefinition } from '../registry.js';
import { PersonScreen } from './PersonScreen.js';
import { SearchScreen } from './SearchScreen.js';

export const searchScreens: readonly ScreenDefinition[] = [
  // The mode is kept in the root entry's parameters (see search.setMode), so the breadcrumb names it.
  { id: 'search.home', title: (params) => (params.mode === 'collections' ? 'Collections' : 'Multi search'), component: SearchScreen },
  { id: 'search.person', title: (params) => String(params.title ?? 'Person'), component: PersonScreen },
];
