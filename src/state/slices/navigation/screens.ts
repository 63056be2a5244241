/** The screens on a tab's stack, and when two of them lead to the same place. */

/** A screen's parameters as the stack keeps them (typed again by the route table when drawn). */
export type ScreenParams = Readonly<Record<string, unknown>>;

/** One level of a tab's stack: which screen, with what, under a key unique for the run. */
export interface ScreenEntry {
  readonly key: string;
  readonly screen: string;
  readonly params: ScreenParams;
}

/**
 * Parameters that only name a screen (its breadcrumb title, a hint) or say how it was left (the
 * view it shows) do not make it another screen.
 */
export const SCREEN_STATE_PARAMS: ReadonlySet<string> = new Set(['title', 'knownFor', 'view']);

/** Whether two screens' parameters lead to the same place (the same film, the same person). */
export function sameTarget(a: ScreenParams, b: ScreenParams): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)].filter((name) => !SCREEN_STATE_PARAMS.has(name)));
  return [...names].every((name) => a[name] === b[name]);
}
