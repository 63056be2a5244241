import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_CACHE_CHARS } from '../../src/api/cache.js';
import {
  budgetTotal,
  SERVER_HEAP_BUDGET_MB,
  SERVER_RESOURCE_LIMITS,
  TUI_HEAP_BUDGET_MB,
  TUI_OLD_SPACE_MB,
  TUI_SEMI_SPACE_MB,
} from '../../src/commands/memory-budget.js';
import { PAGE_CACHE_BYTES } from '../../src/server/catalog/store.js';
import { LIST_ITEM_CACHE_BYTES } from '../../src/server/catalog/list-item-cache.js';
import { DRAWING_BYTES_KEPT } from '../../src/state/slices/pictures.js';
import { KEPT_READ_BYTES } from '../../src/state/slices/queries.js';
import { PAINTED_BYTES_KEPT } from '../../src/ui/components/Picture.js';
import { BUNDLE, ensureBundle, ROOT } from '../reliability/bundle.js';

/** The memory budget, against the bounds it copies, and the V8 limits of the program as built and as `npm start` runs it. */

const MiB = 1024 * 1024;
let work: string;

beforeAll(async () => {
  await ensureBundle();
  work = mkdtempSync(join(tmpdir(), 'marquee-budget-'));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the memory budget', () => {
  it('counts each cache at its bound', () => {
    // Text counted in characters may take two bytes a character in the heap.
    expect(TUI_HEAP_BUDGET_MB.answers).toBe((2 * ANSWER_CACHE_CHARS) / MiB);
    // Reads are counted as their JSON text; parsed, about three times that.
    expect(TUI_HEAP_BUDGET_MB.keptReads).toBe((3 * KEPT_READ_BYTES) / MiB);
    expect(TUI_HEAP_BUDGET_MB.drawings).toBe(DRAWING_BYTES_KEPT / MiB);
    expect(TUI_HEAP_BUDGET_MB.painted).toBe(PAINTED_BYTES_KEPT / MiB);
    expect(SERVER_HEAP_BUDGET_MB.pages).toBe(PAGE_CACHE_BYTES / MiB);
    // Films, series and people, a cache each.
    expect(SERVER_HEAP_BUDGET_MB.listItems).toBe((3 * LIST_ITEM_CACHE_BYTES) / MiB);
  });

  it('sets each thread limit above its budget', () => {
    expect(TUI_OLD_SPACE_MB).toBeGreaterThan(budgetTotal(TUI_HEAP_BUDGET_MB));
    expect(SERVER_RESOURCE_LIMITS.maxOldGenerationSizeMb).toBeGreaterThan(budgetTotal(SERVER_HEAP_BUDGET_MB));
  });
});

/** The Node flags of a `#!/usr/bin/env -S node ...` first line. */
const flagsOfFirstLine = (file: string) => /^#!\/usr\/bin\/env -S node (.*)$/m.exec(readFileSync(file, 'utf8').split('\n')[0] ?? '')?.[1]?.trim().split(/\s+/);

const LIMIT_FLAGS = [`--max-semi-space-size=${TUI_SEMI_SPACE_MB}`, `--max-old-space-size=${TUI_OLD_SPACE_MB}`];

/**
 * Runs the built bin as an installed command (the kernel reads its first line) with a preloaded
 * script that writes the heap's limit as the program ends.
 */
function heapLimitOfBin(): Promise<number> {
  const probe = join(work, 'heap-limit.cjs');
  const out = join(work, 'heap-limit.txt');
  writeFileSync(probe, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(require('node:v8').getHeapStatistics().heap_size_limit)));\n`);
  return new Promise((resolve, reject) => {
    const env = { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: work, NODE_OPTIONS: `--require ${probe}` };
    execFile(BUNDLE, ['--version'], { env, timeout: 30_000 }, (error) => {
      if (error) reject(error);
      else resolve(Number(readFileSync(out, 'utf8')));
    });
  });
}

/**
 * Runs the built bin's `doctor`, which opens the embedded catalog on its thread as the TUI does
 * (generating it: a first start, in a home of its own), with a preloaded script that writes the
 * heap limit of the catalog's thread.
 */
function heapLimitOfCatalogThread(): Promise<number> {
  const home = mkdtempSync(join(work, 'home-'));
  const probe = join(work, 'thread-heap-limit.cjs');
  const out = join(work, 'thread-heap-limit.txt');
  writeFileSync(
    probe,
    `if (!require('node:worker_threads').isMainThread) require('node:fs').writeFileSync(${JSON.stringify(out)}, String(require('node:v8').getHeapStatistics().heap_size_limit));\n`,
  );
  return new Promise((resolve, reject) => {
    const env = { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: home, NODE_OPTIONS: `--require ${probe}` };
    execFile(BUNDLE, ['doctor'], { env, timeout: 60_000 }, (error, stdout) => {
      if (error && !stdout.includes('the embedded catalog opened')) reject(error);
      else resolve(Number(readFileSync(out, 'utf8')));
    });
  });
}

describe('the V8 limits', () => {
  it('are on the first line of the source and of the built bin', () => {
    expect(flagsOfFirstLine(join(ROOT, 'src', 'cli.tsx'))).toEqual(LIMIT_FLAGS);
    expect(flagsOfFirstLine(BUNDLE)).toEqual(LIMIT_FLAGS);
  });

  it('are in effect in the built bin run as a command', async () => {
    const limit = await heapLimitOfBin();
    // V8's limit is the old generation and the young one (three semi-spaces); its default is some GiB.
    expect(limit).toBeGreaterThanOrEqual(TUI_OLD_SPACE_MB * MiB);
    expect(limit).toBeLessThanOrEqual((TUI_OLD_SPACE_MB + 3 * TUI_SEMI_SPACE_MB) * MiB);
  }, 60_000);

  it("leave the catalog's thread to its resourceLimits, which the bin's flags would override", async () => {
    const limit = await heapLimitOfCatalogThread();
    const { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } = SERVER_RESOURCE_LIMITS;
    expect(limit).toBeGreaterThanOrEqual(maxOldGenerationSizeMb * MiB);
    expect(limit).toBeLessThanOrEqual((maxOldGenerationSizeMb + 2 * maxYoungGenerationSizeMb) * MiB);
  }, 90_000);

  it('are passed by npm start, which runs the bin with node and so skips its first line', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).toContain(`node ${LIMIT_FLAGS.join(' ')} dist/marquee.js`);
  });
});
