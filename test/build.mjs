// Bundles src/cli.tsx into dist/marquee.js. A single bundle starts several times faster than
// loading Ink's module graph unbundled. `--if-stale` skips the build when the bundle is newer
// than every source file.
import { build } from 'esbuild';
import { readdirSync, readFileSync, statSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const outfile = join(outdir, 'marquee.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

if (process.argv.includes('--if-stale') && existsSync(outfile)) {
  const sources = Math.max(newestMtime(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs);
  if (statSync(outfile).mtimeMs >= sources) process.exit(0);
}

rmSync(join(outdir, 'chunks'), { recursive: true, force: true });

/**
 * Two dependencies reach, as they load, for a global that makes Node load its own copy of undici
 * (~50-80 ms of start-up and ~16 MiB that stay for the life of the process):
 * - Yoga (Ink's layout engine) carries its WebAssembly as a base64 data: URL and reads it with
 *   fetch wherever a global fetch exists. Here it takes the path it takes where fetch does not
 *   exist: the same bytes, decoded in place.
 * - undici's cookie helpers (which Marquee does not use) also accept Node's global Headers in
 *   their argument checks, and reading globalThis.Headers loads it. Here they accept undici's own.
 * And one dependency cannot run in a bundle at all as published:
 * - sixel's copy of UPNG assigns an undeclared global (`module.exports = UPNG = {}`), which throws
 *   in the bundle's strict-mode code. Here UPNG is declared in its module.
 * Each edit names how often its text must occur: the build fails if a dependency no longer reads
 * as expected, rather than shipping it unchanged.
 */
const SOURCE_EDITS = [
  { file: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/, from: '"function"!=typeof fetch', to: 'true', count: 2 },
  { file: /undici[\\/]lib[\\/]web[\\/]cookies[\\/]index\.js$/, from: '[Headers, globalThis.Headers]', to: '[Headers]', count: 1 },
  { file: /sixel[\\/]upng\.js$/, from: 'module.exports = UPNG = {};', to: 'var UPNG = {}; module.exports = UPNG;', count: 1 },
];
const withoutNodesOwnUndici = {
  name: 'without-nodes-own-undici',
  setup(plugin) {
    for (const edit of SOURCE_EDITS) {
      plugin.onLoad({ filter: edit.file }, ({ path }) => {
        const source = readFileSync(path, 'utf8');
        const found = source.split(edit.from).length - 1;
        if (found !== edit.count) throw new Error(`${path} changed: expected ${edit.count} × ${edit.from}, found ${found}`);
        return { contents: source.replaceAll(edit.from, edit.to), loader: 'js' };
      });
    }
  },
};

const result = await build({
  entryPoints: { marquee: join(root, 'src', 'cli.tsx'), 'embedded-server': join(root, 'src', 'server', 'worker.ts') },
  outdir,
  // Each mode (tui, api, serve) is its own chunk, loaded only when that mode runs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Node 20 and newer read the v flag. Without this esbuild rewrites such a literal as
  // new RegExp(...), which V8 parses at once instead of on first use: string-width's emoji
  // expressions alone then cost every start about 10 ms.
  supported: { 'regexp-set-notation': true },
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [withoutNodesOwnUndici],
  // Native addons and their loaders stay outside the bundle.
  external: ['@lydell/node-pty'],
  // Ink imports react-devtools-core only when DEV is set; the stub keeps it out of the bundle.
  alias: { 'react-devtools-core': join(root, 'test', 'stubs', 'react-devtools-core.mjs') },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __marqueeCreateRequire } from 'node:module'; const require = __marqueeCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

// The packages the bundle contains, for `npm run audit`: they ship inside the bundle, so their
// advisories are the program's although the package lists them as devDependencies.
const bundled = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match) bundled.add(match[1]);
}
writeFileSync(join(outdir, 'bundled-packages.json'), `${JSON.stringify([...bundled].sort(), null, 2)}\n`);
