import { patchSlice, type SliceContext } from '../slice.js';

export { localeRegion } from '../../contract/locale.js';

/** Where "where to watch" looks when neither the environment nor the locale names a region. */
export const DEFAULT_WATCH_REGION = 'US';

/** "DE" from "de", "DE"; undefined for anything that is not two letters. */
function regionCode(value: string | undefined): string | undefined {
  const code = value?.trim();
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined;
}

/** The region "where to watch" shows: from the settings at start, changed by a picker (for the run) or the settings screen. */
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
