import type { BuildOptions } from 'esbuild';

/** The esbuild options of every bundle of Marquee's code (build-options.mjs). */
export const BUNDLE_OPTIONS: BuildOptions;
