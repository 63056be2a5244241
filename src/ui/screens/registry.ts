import type { ComponentType } from 'react';
import type { ScreenEntry, ScreenParams } from '../../state/index.js';

/** What every screen component gets: its stack entry and the room it has. */
export interface ScreenProps {
  readonly entry: ScreenEntry;
  readonly width: number;
  readonly height: number;
}

export interface ScreenDefinition {
  /** "movies.detail": the id pushed on a stack; also the keymap scope of the screen's own keys. */
  readonly id: string;
  /** The screen's name in the breadcrumb ("Popular", or the title of the movie). */
  readonly title: (params: ScreenParams) => string;
  readonly component: ComponentType<ScreenProps>;
}

const screens = new Map<string, ScreenDefinition>();

/** Adds screens to the registry; each tab's folder registers its own (see screens/index.ts). */
export function registerScreens(definitions: readonly ScreenDefinition[]): void {
  for (const definition of definitions) {
    if (screens.has(definition.id)) throw new Error(`screen "${definition.id}" is registered twice`);
    screens.set(definition.id, definition);
  }
}

export function findScreen(id: string): ScreenDefinition | undefined {
  return screens.get(id);
}

export function screenTitle(entry: ScreenEntry): string {
  const definition = screens.get(entry.screen);
  return definition ? definition.title(entry.params) : entry.screen;
}

/** Reads a numeric parameter (ids are pushed as numbers, but may come back as strings). */
export function numberParam(params: ScreenParams, name: string): number | undefined {
  const value = params[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}

export function stringParam(params: ScreenParams, name: string): string | undefined {
  const value = params[name];
  return value === undefined ? undefined : String(value);
}
