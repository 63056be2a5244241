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
import { BUNDLE_OPTIONS } from './build-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
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

const result = await build({
  entryPoints: { marquee: join(root, 'src', 'cli.tsx'), 'embedded-server': join(root, 'src', 'server', 'worker.ts') },
  outdir,
  // Each mode (tui, api, serve) is its own chunk, loaded only when that mode runs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  ...BUNDLE_OPTIONS,
  sourcemap: 'linked',
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
const inputs = [fileURLToPath(import.meta.url), fileURLToPath(new URL('./build-options.mjs', import.meta.url)), join(root, 'package.json'), ...Object.keys(result.metafile.inputs).map((file) => resolve(file))]
  .filter((file) => existsSync(file))
  .sort();
// esbuild names them relative to the working directory.
const outputs = [...Object.keys(result.metafile.outputs).map((file) => resolve(file)), join(outdir, 'bundled-packages.json')].sort();
writeFileSync(
  recordFile,
  `${JSON.stringify({ inputs: inputs.map((file) => relative(root, file)), outputs: outputs.map((file) => relative(root, file)), inputsDigest: digestOf(inputs), outputsDigest: digestOf(outputs) })}\n`,
);
