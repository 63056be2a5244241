import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../tooling/build-options.mjs';

/**
 * What each frame costs in the bundle that ships: Ink's Output (where a frame's text is read back
 * into styled cells) built with the bundle's options and source edits. A line that stays on the
 * screen from one frame to the next is not tokenized again, and no regular expression is built
 * per character.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Caches {
  readonly styledChars: Map<string, unknown>;
  readonly lines: Map<string, readonly string[]>;
  readonly previous?: Caches;
}
interface Output {
  readonly caches: Caches;
  write(x: number, y: number, text: string, options: { transformers: [] }): void;
  get(): { output: string; height: number };
}
type OutputClass = new (options: { width: number; height: number }) => Output;

let dir: string;
let code: string;
let Output: OutputClass;

beforeAll(async () => {
  const result = await build({
    entryPoints: [join(ROOT, 'node_modules', 'ink', 'build', 'output.js')],
    absWorkingDir: ROOT,
    ...BUNDLE_OPTIONS,
    minify: false,
    write: false,
    logLevel: 'silent',
  });
  code = result.outputFiles[0]!.text;
  dir = mkdtempSync(join(tmpdir(), 'marquee-ink-output-'));
  const file = join(dir, 'output.mjs');
  writeFileSync(file, code);
  Output = ((await import(pathToFileURL(file).href)) as { default: OutputClass }).default;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One frame of two lines, as Ink's renderer draws it: a new Output, written, then read. */
function frame(lines: readonly string[]): Output {
  const output = new Output({ width: 30, height: lines.length });
  lines.forEach((line, y) => output.write(0, y, line, { transformers: [] }));
  output.get();
  return output;
}

describe("Ink's frames in the bundle", () => {
  it('reuses the cells of a line the previous frame drew instead of tokenizing it again', () => {
    const kept = '\u001B[1m› Fight Club (1999)\u001B[22m';
    const first = frame([kept, '  1/10,000']);
    const second = frame([kept, '  2/10,000']);
    expect(second.caches.styledChars.get(kept)).toBeDefined();
    // The same array, not an equal one computed again.
    expect(second.caches.styledChars.get(kept)).toBe(first.caches.styledChars.get(kept));
    expect(second.caches.lines.get(kept)).toBe(first.caches.lines.get(kept));
    expect(second.get().output).toBe('\u001B[1m› Fight Club (1999)\u001B[22m\n  2/10,000');
  });

  it('draws a text of several lines, kept or not, as Ink draws it', () => {
    const text = '\u001B[36mPoster\nline two\u001B[39m';
    const first = frame([text, '']);
    const second = frame([text, '']);
    expect(second.caches.lines.get(text)).toBe(first.caches.lines.get(text));
    expect(first.caches.lines.get(text)).toEqual(['\u001B[36mPoster\u001B[39m', '\u001B[36mline two\u001B[39m']);
    expect(second.get().output).toBe('\u001B[36mPoster\u001B[39m\n\u001B[36mline two\u001B[39m');
  });

  it('keeps only the previous frame, so what is kept is bounded by two screens', () => {
    const first = frame(['one']);
    const second = frame(['two']);
    const third = frame(['three']);
    expect(third.caches.previous).toBe(second.caches);
    expect(second.caches.previous).toBeUndefined();
    expect(third.caches.styledChars.has('one')).toBe(false);
    expect(first.caches.previous).toBeUndefined();
  });

  it('keeps \\p{...} escapes as literals rather than a new RegExp per call', () => {
    expect(code).toContain('/^\\p{Default_Ignorable_Code_Point}+$/u');
    expect(code).not.toMatch(/new RegExp\([^)]*\\\\p\{/);
  });
});
