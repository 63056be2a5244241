// The esbuild options of every bundle of Marquee's code: dist/marquee.js (test/tooling/build.mjs),
// the bench's bundles (test/bench/lib/bundles.mjs), so the bench measures what ships, and the
// module graph test/commands/tui-start.test.ts reads. Each build adds only its entry points and
// outputs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

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
 * And one costs every frame more than it needs to:
 * - Ink builds each frame's text in a new Output whose caches start empty, so every line of the
 *   screen is tokenized (its ANSI styles read back into cells), split into lines, written back
 *   as text and measured again on every frame, though a key that moves the cursor changes two
 *   rows. Here each frame's caches read the previous frame's before computing: the same values,
 *   computed once while a line stays on the screen. Only the last frame's caches are kept, so
 *   they hold at most two screens' lines.
 * Each edit names how often its text must occur: the build fails if a dependency no longer reads
 * as expected, rather than shipping it unchanged.
 */
const INK_OUTPUT = /ink[\\/]build[\\/]output\.js$/;
/** Added to Ink's OutputCaches: the previous frame's caches, and a write's text as its lines of styled text. */
const INK_KEPT_CACHES = `
    static last;
    previous = OutputCaches.last;
    lines = new Map();
    constructor() {
        if (this.previous) this.previous.previous = undefined;
        OutputCaches.last = this;
    }
    linesOf(text) {
        let cached = this.lines.get(text) ?? this.previous?.lines.get(text);
        if (cached === undefined) {
            const characterLines = [[]];
            for (const character of this.getStyledChars(text)) {
                if (character.value === '\\n') characterLines.push([]);
                else characterLines.at(-1).push(character);
            }
            cached = characterLines.map((line) => styledCharsToString(line));
        }
        this.lines.set(text, cached);
        return cached;
    }`;
/** What linesOf replaces in Output.applyWriteOperation. */
const INK_LINES_OF_TEXT = `const characterLines = [[]];
        for (const character of this.caches.getStyledChars(text)) {
            if (character.value === '\\n') {
                characterLines.push([]);
            }
            else {
                characterLines.at(-1).push(character);
            }
        }
        let lines = characterLines.map(line => styledCharsToString(line));`;
const SOURCE_EDITS = [
  { file: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/, from: '"function"!=typeof fetch', to: 'true', count: 2 },
  { file: /undici[\\/]lib[\\/]web[\\/]cookies[\\/]index\.js$/, from: '[Headers, globalThis.Headers]', to: '[Headers]', count: 1 },
  { file: /sixel[\\/]upng\.js$/, from: 'module.exports = UPNG = {};', to: 'var UPNG = {}; module.exports = UPNG;', count: 1 },
  { file: INK_OUTPUT, from: 'class OutputCaches {', to: `class OutputCaches {${INK_KEPT_CACHES}`, count: 1 },
  { file: INK_OUTPUT, from: 'cached = styledCharsFromTokens(', to: 'cached = this.previous?.styledChars.get(line) ?? styledCharsFromTokens(', count: 1 },
  { file: INK_OUTPUT, from: 'cached = stringWidth(text);', to: 'cached = this.previous?.widths.get(text) ?? stringWidth(text);', count: 1 },
  { file: INK_OUTPUT, from: INK_LINES_OF_TEXT, to: 'let lines = this.caches.linesOf(text);', count: 1 },
];
const dependencySourceEdits = {
  name: 'dependency-source-edits',
  setup(plugin) {
    // One onLoad a file (esbuild takes the first that answers), applying all of its edits.
    for (const file of new Set(SOURCE_EDITS.map((edit) => edit.file))) {
      plugin.onLoad({ filter: file }, ({ path }) => {
        let source = readFileSync(path, 'utf8');
        for (const edit of SOURCE_EDITS.filter((e) => e.file === file)) {
          const found = source.split(edit.from).length - 1;
          if (found !== edit.count) throw new Error(`${path} changed: expected ${edit.count} × ${edit.from}, found ${found}`);
          source = source.replaceAll(edit.from, edit.to);
        }
        return { contents: source, loader: 'js' };
      });
    }
  },
};

export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Node 20 and newer read the v flag. Without this esbuild rewrites such a literal as
  // new RegExp(...), which V8 parses at once instead of on first use: string-width's emoji
  // expressions alone then cost every start about 10 ms.
  // Likewise \p{...} escapes: lowered, Ink's /^\p{Default_Ignorable_Code_Point}+$/u becomes a
  // new RegExp built for every character of every line of every frame Ink draws.
  supported: { 'regexp-set-notation': true, 'regexp-unicode-property-escapes': true },
  minify: true,
  legalComments: 'none',
  plugins: [dependencySourceEdits],
  // Native addons and their loaders stay outside the bundle.
  external: ['@lydell/node-pty'],
  // Ink imports react-devtools-core only when DEV is set; the stub keeps it out of the bundle.
  alias: { 'react-devtools-core': join(root, 'test', 'tooling', 'react-devtools-core-stub.mjs') },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __marqueeCreateRequire } from 'node:module'; const require = __marqueeCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
};
