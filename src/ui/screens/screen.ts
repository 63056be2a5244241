import type { ComponentType } from 'react';
import type { AppState } from '../../state/index.js';

/** What every screen component gets: its stack entry (with its typed parameters) and the room it has. */
export interface ScreenProps<P = Record<string, never>> {
  readonly entry: { readonly key: string; readonly params: P };
  readonly width: number;
  readonly height: number;
}

/** One row of the route table: the screen's name in the breadcrumb, and what draws it. */
export interface Route<P> {
  /** From the entry's parameters; a screen that shows what the store holds (the chosen country) names it from there, when given the store's state. */
  readonly title: (params: P, state?: AppState) => string;
  readonly component: ComponentType<ScreenProps<P>>;
  /** A title people come back to (a film, a series, a person): the command palette offers it again, named so. */
  readonly recentAs?: string;
}

export function route<P>(component: ComponentType<ScreenProps<P>>, title: (params: P, state?: AppState) => string, recentAs?: string): Route<P> {
  return { component, title, recentAs };
}

/** Pushed with the name it is known by, so the breadcrumb reads well before anything is loaded. */
export interface Titled {
  readonly title: string;
}
