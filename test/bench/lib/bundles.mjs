import { build } from 'esbuild';
import { join } from 'node:path';
import { BUILD_DIR, ROOT } from './paths.mjs';

/**
 * Bundles for the benchmark, built with the options test/build.mjs uses for dist/marquee.js, so
 * the Ink baseline starts the way Marquee does and the client runs as it ships (minified,
 * production React).
 */
const SHARED = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  supported: { 'regexp-set-notation': true },
  minify: true,
  legalComments: 'none',
  external: ['@lydell/node-pty'],
  alias: { 'react-devtools-core': join(ROOT, 'test', 'stubs', 'react-devtools-core.mjs') },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __marqueeCreateRequire } from 'node:module'; const require = __marqueeCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
};

const ENTRIES = join(ROOT, 'test', 'bench', 'entries');

export const INK_BASELINE = join(BUILD_DIR, 'ink-baseline.mjs');
export const CLIENT_BUNDLE = join(BUILD_DIR, 'client.mjs');

export async function buildBenchBundles() {
  await Promise.all([
    build({ ...SHARED, entryPoints: [join(ENTRIES, 'ink-baseline.tsx')], outfile: INK_BASELINE }),
    build({ ...SHARED, entryPoints: [join(ENTRIES, 'client.ts')], outfile: CLIENT_BUNDLE }),
  ]);
}
