// Bundles src/cli.tsx into dist/marquee.js. A single bundle starts several times faster than
// loading Ink's module graph unbundled. `--if-stale` skips the build when the bundle is what
// this build would write: every file that went into it (sources, dependencies, this script)
// and every file it wrote are as they were, by content (dist/build-record.json). Times are not
// enough: a checkout or a copy keeps old times on new files, and a bundle edited by hand is newer
// than its sources.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const recordFile = join(outdir, 'build-record.json');

/** A digest of the files' contents, in the order given (undefined when one is missing). */
function digestOf(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(file)) return undefined;
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

if (process.argv.includes('--if-stale') && existsSync(recordFile)) {
  const record = JSON.parse(readFileSync(recordFile, 'utf8'));
  const inputs = record.inputs.map((file) => resolve(root, file));
  const outputs = record.outputs.map((file) => resolve(root, file));
  if (record.inputsDigest === digestOf(inputs) && record.outputsDigest === digestOf(outputs)) process.exit(0);
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

// What went in and what came out, for the next --if-stale (paths relative to the repository).
const inputs = [fileURLToPath(import.meta.url), join(root, 'package.json'), ...Object.keys(result.metafile.inputs).map((file) => resolve(file))]
  .filter((file) => existsSync(file))
  .sort();
// esbuild names them relative to the working directory.
const outputs = [...Object.keys(result.metafile.outputs).map((file) => resolve(file)), join(outdir, 'bundled-packages.json')].sort();
writeFileSync(
  recordFile,
  `${JSON.stringify({ inputs: inputs.map((file) => relative(root, file)), outputs: outputs.map((file) => relative(root, file)), inputsDigest: digestOf(inputs), outputsDigest: digestOf(outputs) })}\n`,
);
