import { build, type Metafile } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../tooling/build-options.mjs';

/**
 * What the TUI loads before its first frame: the `marquee` command (tui.ts), the UI's wiring
 * (tui-app.tsx) and the shell of screens (ui/App.tsx), with every module they import statically.
 * The config file's parser, zod, the contract's schemas and the picture codecs are loaded later
 * (a config file, the client, the first picture); an import that pulls one of them back in
 * would cost every start the time they take to load.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIRST_FRAME_MODULES = ['src/commands/tui.ts', 'src/commands/tui-app.tsx', 'src/ui/App.tsx'];
const LOADED_LATER = [
  /node_modules\/zod\//,
  /node_modules\/yaml\//,
  /node_modules\/pngjs\//,
  /node_modules\/jpeg-js\//,
  /^src\/contract\/schemas\//,
  /^src\/contract\/operations\.ts$/,
  /^src\/contract\/index\.ts$/,
  /^src\/config\/file-check\.ts$/,
];

let inputs: Metafile['inputs'];

beforeAll(async () => {
  const result = await build({
    entryPoints: [join(ROOT, 'src', 'cli.tsx')],
    absWorkingDir: ROOT,
    outdir: join(ROOT, 'dist'),
    // The options of the bundle that ships, so the graph read is the one users load.
    ...BUNDLE_OPTIONS,
    splitting: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  inputs = result.metafile.inputs;
}, 60_000);

/** Every module reached from `starts` through static imports (type-only imports are gone by then). */
function staticClosure(starts: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reached.has(path)) continue;
    reached.add(path);
    for (const imported of inputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
    }
  }
  return reached;
}

describe('the TUI before its first frame', () => {
  it('reaches the modules of its first frame (the graph is read)', () => {
    const reached = staticClosure(FIRST_FRAME_MODULES);
    for (const start of FIRST_FRAME_MODULES) expect(inputs[start], start).toBeDefined();
    expect([...reached].some((path) => path.startsWith('node_modules/ink/'))).toBe(true);
    expect(reached.has('src/contract/endpoints.ts')).toBe(true);
  });

  it('imports none of what loads later', () => {
    const reached = [...staticClosure(FIRST_FRAME_MODULES)];
    for (const later of LOADED_LATER) expect(reached.filter((path) => later.test(path)), String(later)).toEqual([]);
  });

  it('still bundles what loads later, for the modes and moments that need it', () => {
    const everything = [...staticClosure(Object.keys(inputs))];
    for (const later of LOADED_LATER) expect(everything.some((path) => later.test(path)), String(later)).toBe(true);
  });
});

describe('the client', () => {
  // The TUI's embedded catalog answers through its thread's port: undici, HTTP's client, is
  // loaded with the first request sent over HTTP, not with the client's module.
  it('loads no HTTP client with its module', () => {
    const reached = [...staticClosure(['src/api/client.ts'])];
    expect(reached).toContain('src/api/transport.ts');
    expect(reached.filter((path) => path.startsWith('node_modules/undici/'))).toEqual([]);
    const everything = [...staticClosure(Object.keys(inputs))];
    expect(everything.some((path) => path.startsWith('node_modules/undici/'))).toBe(true);
  });

  // The package's index would also evaluate fetch, WebSocket, the caches and the mocks, nearly
  // twice the code, on the path of a remote service's first request.
  it("loads undici's pool and errors, not the package's index", () => {
    expect(inputs['node_modules/undici/lib/dispatcher/pool.js']).toBeDefined();
    expect(inputs['node_modules/undici/lib/core/errors.js']).toBeDefined();
    expect(inputs['node_modules/undici/index.js']).toBeUndefined();
    expect(inputs['node_modules/undici/lib/web/fetch/index.js']).toBeUndefined();
  });
});
