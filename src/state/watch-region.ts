import { patchSlice, type SliceContext } from './slice.js';

/** Where "where to watch" looks when neither the environment nor the locale names a region. */
export const DEFAULT_WATCH_REGION = 'US';

type Environment = Readonly<Record<string, string | undefined>>;

/** "DE" from "de", "DE"; undefined for anything that is not two letters. */
function regionCode(value: string | undefined): string | undefined {
  const code = value?.trim();
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined;
}

/**
 * The region of a POSIX locale name: "de_DE.UTF-8" and "pt_BR@euro" give "DE" and "BR"; "C",
 * "POSIX" and "en" name none.
 */
export function localeRegion(locale: string | undefined): string | undefined {
  const match = /^[A-Za-z]{2,3}[_-]([A-Za-z]{2})(?:[.@]|$)/.exec(locale?.trim() ?? '');
  return regionCode(match?.[1]);
}

/**
 * The region whose offers "where to watch" shows first: MARQUEE_REGION when it is a region code,
 * else the region of the locale (LC_ALL, then LC_MESSAGES, then LANG, as the C library reads
 * them), else the United States.
 */
export function watchRegionFrom(env: Environment): string {
  const chosen = regionCode(env.MARQUEE_REGION);
  if (chosen) return chosen;
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (!value) continue;
    // The first locale variable that is set decides, as it does for the C library.
    return localeRegion(value) ?? DEFAULT_WATCH_REGION;
  }
  return DEFAULT_WATCH_REGION;
}

/** The region "where to watch" shows: from the environment at start, changed for this run by a picker. */
export interface WatchSlice {
  readonly region: string;
  setRegion(region: string): void;
}

type WatchStore = { readonly watch: WatchSlice };

export function createWatchSlice({ set, runtime }: SliceContext<WatchStore>): WatchSlice {
  return {
    region: regionCode(runtime.deps.watchRegion) ?? DEFAULT_WATCH_REGION,
    setRegion(region) {
      const code = regionCode(region);
      if (code) patchSlice(set, 'watch', (w) => (w.region === code ? {} : { region: code }));
    },
  };
}
