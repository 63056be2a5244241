import type { ScreenDefinition } from '../registry.js';
import { ListScreen } from './ListScreen.js';
import { MyLists } from './MyLists.js';

export const listScreens: readonly ScreenDefinition[] = [
  { id: 'lists.home', title: () => 'My lists', component: MyLists },
  { id: 'lists.detail', title: (params) => String(params.title ?? 'List'), component: ListScreen },
];
