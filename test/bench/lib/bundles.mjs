import { build } from 'esbuild';
import { join } from 'node:path';
import { BUILD_DIR, ROOT } from './paths.mjs';
import { BUNDLE_OPTIONS } from '../../tooling/build-options.mjs';

/**
 * Bundles for the benchmark, built with the options of dist/marquee.js (test/tooling/build-options.mjs), so
 * the Ink baseline starts the way Marquee does and the client runs as it ships (minified,
 * production React).
 */
const ENTRIES = join(ROOT, 'test', 'bench', 'entries');

export const INK_BASELINE = join(BUILD_DIR, 'ink-baseline.mjs');
export const CLIENT_BUNDLE = join(BUILD_DIR, 'client.mjs');

export async function buildBenchBundles() {
  await Promise.all([
    build({ ...BUNDLE_OPTIONS, entryPoints: [join(ENTRIES, 'ink-baseline.tsx')], outfile: INK_BASELINE }),
    build({ ...BUNDLE_OPTIONS, entryPoints: [join(ENTRIES, 'client.ts')], outfile: CLIENT_BUNDLE }),
  ]);
}
