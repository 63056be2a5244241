import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where things are: the repository, the built program, and .bench/ (gitignored) for everything generated. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const BUILT_DIST = join(ROOT, 'dist');
export const BENCH_DIR = join(ROOT, '.bench');
export const BUILD_DIR = join(BENCH_DIR, 'build');
/** The program measured: a copy of dist/ that run.mjs takes when it starts. */
export const MARQUEE = join(BUILD_DIR, 'dist', 'marquee.js');
/** Catalogs kept between runs: generating the 100,000-title one is paid once. */
export const DATA_DIR = join(BENCH_DIR, 'data');
export const RESULTS_FILE = join(BENCH_DIR, 'results.json');
