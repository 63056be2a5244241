import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARQUEE } from '../lib/paths.mjs';
import { latencySummary, spread } from '../lib/stats.mjs';
import { KEYS, TerminalProgram } from '../lib/terminal.mjs';
import { MOVIE_ROW } from './startup.mjs';

/**
 * Key press to frame: the time from writing a key to the pseudo-terminal until the frame that
 * answers it has arrived whole (Ink brackets each frame with synchronized-output markers, and
 * the terminal shows it at the closing one). Each key is sent once the screen has been quiet for
 * longer than Ink's frame interval (33 ms), so it is drawn at once instead of waiting for the
 * previous frame's slot, and once no page is loading.
 *
 * The list is the Movies tab's popular films on the 100,000-title catalog: the service serves
 * 500 pages of 20, so the list grows to 10,000 rows as the cursor nears its end. Marquee is
 * pointed at `marquee serve` (MARQUEE_BASE_URL, MARQUEE_TOKEN in its environment), the embedded
 * catalog being fixed at 2,000 titles. Each run is a fresh Marquee: one pass down the list while
 * its pages load, then moves over the loaded rows, then tab switches.
 */

const QUIET_MS = 40;
/** A key that draws nothing within this long did nothing. */
const NO_ANSWER_MS = 300;

/** "4,021/70,000" on the list's position line: the cursor's row (1-based). */
function cursorRow(screen) {
  const match = /^\s*([\d,]+)\/[\d,]+/m.exec(screen);
  return match ? Number(match[1].replaceAll(',', '')) : undefined;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the program has been quiet for longer than a frame interval and shows no page loading. */
async function settle(program) {
  for (;;) {
    await program.settle(QUIET_MS);
    if (!program.screen().includes('loading more')) return;
    await program.waitForScreen((s) => !s.includes('loading more'), 30_000, 'the next page');
  }
}

/**
 * Sends a key that moves the cursor and records the time to the frame that answers it. At the
 * end of what is loaded, a key can meet the next page still on its way (a fast load shows no
 * spinner): the cursor cannot move and nothing is drawn. That press is no key-to-frame figure;
 * it is sent again once the page is in. Returns the cursor's new row.
 */
async function move(program, key, samples) {
  const before = cursorRow(program.screen());
  for (let attempt = 0; attempt < 20; attempt++) {
    const ms = await program.press(key, NO_ANSWER_MS);
    await settle(program);
    const after = cursorRow(program.screen());
    if (ms !== undefined && after !== before) {
      samples.push(ms);
      return after;
    }
    await sleep(QUIET_MS);
  }
  throw new Error(`the key ${JSON.stringify(key)} did not move the cursor from row ${before}; the screen was:\n${program.screen()}`);
}

/** Down the list with PgDn to row `rows` (10,000 in a full run), its pages loading on the way; then k/j and g/G at the end. */
async function loadingPass(program, rows, samples) {
  let row = cursorRow(program.screen());
  while (row < rows) row = await move(program, KEYS.pageDown, samples);
  for (let i = 0; i < 40; i++) await move(program, 'k', samples);
  for (let i = 0; i < 40; i++) await move(program, 'j', samples);
  return row;
}

/** Over the loaded rows (the cursor is on the last): g/G across the whole list, PgUp, k/j, then g/G again. */
async function loadedPass(program, samples) {
  await move(program, 'g', samples);
  let row = await move(program, 'G', samples);
  // Stops well clear of the top, so the k presses that follow all move.
  for (let i = 0; i < 100 && row > 100; i++) row = await move(program, KEYS.pageUp, samples);
  for (let i = 0; i < 40; i++) await move(program, 'k', samples);
  for (let i = 0; i < 40; i++) await move(program, 'j', samples);
  for (let i = 0; i < 10; i++) {
    await move(program, 'g', samples);
    await move(program, 'G', samples);
  }
}

/** Tab switches: each answered by a frame of the next tab. */
async function switchTabs(program, count, samples) {
  for (let i = 0; i < count; i++) {
    const ms = await program.press(KEYS.tab, NO_ANSWER_MS);
    if (ms === undefined) throw new Error(`no frame answered Tab; the screen was:\n${program.screen()}`);
    samples.push(ms);
    await settle(program);
  }
}

export async function keysBenchmark({ server, runs, listRows, tabSwitches, log }) {
  const figures = { loading: [], loaded: [], tabs: [] };
  for (let run = 0; run < runs; run++) {
    const home = mkdtempSync(join(tmpdir(), 'marquee-bench-keys-'));
    const program = new TerminalProgram([MARQUEE], { home, env: { MARQUEE_BASE_URL: server.url, MARQUEE_TOKEN: server.token } });
    try {
      await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
      await program.settle(QUIET_MS);
      const startedAt = performance.now();
      const loading = [];
      const rows = await loadingPass(program, listRows, loading);
      const loaded = [];
      await loadedPass(program, loaded);
      const tabs = [];
      await switchTabs(program, tabSwitches, tabs);
      figures.loading.push(latencySummary(loading));
      figures.loaded.push(latencySummary(loaded));
      figures.tabs.push(latencySummary(tabs));
      log(
        `keys run ${run + 1}/${runs} (${((performance.now() - startedAt) / 1000).toFixed(0)} s, ${rows} rows): ` +
          `list while loading p95 ${figures.loading.at(-1).p95.toFixed(1)} ms, loaded p95 ${figures.loaded.at(-1).p95.toFixed(1)} ms, tabs p95 ${figures.tabs.at(-1).p95.toFixed(1)} ms`,
      );
    } finally {
      await program.dispose();
      rmSync(home, { recursive: true, force: true });
    }
  }
  const summarise = (perRun) => ({
    p50Ms: spread(perRun.map((r) => r.p50)),
    p95Ms: spread(perRun.map((r) => r.p95)),
    p99Ms: spread(perRun.map((r) => r.p99)),
    keysPerRun: perRun[0].count,
  });
  return {
    listRows,
    listWhileLoading: summarise(figures.loading),
    listLoaded: summarise(figures.loaded),
    tabs: summarise(figures.tabs),
  };
}
