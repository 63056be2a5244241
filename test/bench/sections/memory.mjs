import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INK_BASELINE } from '../lib/bundles.mjs';
import { MARQUEE, ROOT } from '../lib/paths.mjs';
import { latencySummary } from '../lib/stats.mjs';
import { KEYS, TerminalProgram } from '../lib/terminal.mjs';
import { move, movieScreens } from './keys.mjs';
import { MOVIE_ROW } from './startup.mjs';

/**
 * Memory over 1,000 screen switches (Tab through the five tabs, 200 times round) on the
 * embedded catalog. Each switch waits until the screen shows the next tab, so no two keys are
 * ever waiting together.
 *
 * Every 25 switches, once the program is quiet, a preloaded probe (entries/memory-probe.cjs)
 * runs a full garbage collection in it and reports its heap; its RSS is read from /proc right
 * after. Without the collection RSS climbs in a sawtooth by tens of megabytes as garbage piles
 * up, which hides a trend; after it, what is left is what the program holds. The first quarter
 * of the run loads every tab's data and grows the heap to its working size, so the trend is
 * read from switch 250 on: the least-squares line through the heap readings, as growth over the
 * rest of the run. Steady growth is more than FLAT_GROWTH of the heap.
 * The idle figure against the Ink baseline comes from the start-up runs (no probe there).
 */

const SWITCHES = 1000;
const SAMPLE_EVERY = 25;
const SAMPLE_QUIET_MS = 300;
const PROBE = join(ROOT, 'test', 'bench', 'entries', 'memory-probe.cjs');
/** Heap growth, from the fitted line's value at a quarter of the run to its end, that still counts as flat. */
export const FLAT_GROWTH = 0.03;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The screen's place, "Movies › Popular": the second line of the TUI, up to the right-hand status. */
function activeScreen(screen) {
  return (screen.split('\n')[1] ?? '').split(/\s{2,}/)[0];
}

/** Slope and intercept of the least-squares line through [x, y] points. */
function leastSquares(points) {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  return { slope, at: (x) => meanY + slope * (x - meanX) };
}

/** Asks the probe for a reading after a full collection; resolves with it and the RSS just after. */
async function collectAndRead(program, file, previous) {
  process.kill(program.pid, 'SIGUSR2');
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (existsSync(file)) {
      try {
        const reading = JSON.parse(readFileSync(file, 'utf8'));
        if (reading.reading > previous) return { ...reading, rssBytes: program.residentBytes() };
      } catch {
        // Read while being written: try again.
      }
    }
    if (performance.now() > deadline) throw new Error('the memory probe did not answer within 10 s');
    await sleep(10);
  }
}

async function warm(home) {
  const program = new TerminalProgram([MARQUEE], { home });
  try {
    await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
  } finally {
    await program.dispose();
  }
}

export async function memoryBenchmark({ switches = SWITCHES, log }) {
  const quarter = switches / 4;
  if (!Number.isInteger(quarter / SAMPLE_EVERY)) throw new RangeError(`switches must be a multiple of ${4 * SAMPLE_EVERY}`);
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-memory-'));
  const file = join(home, 'memory.json');
  try {
    await warm(home);
    const program = new TerminalProgram(['--expose-gc', '--require', PROBE, MARQUEE], { home, env: { BENCH_MEMORY_FILE: file } });
    try {
      await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
      await program.settle(SAMPLE_QUIET_MS);
      const samples = [];
      const sample = async (done) => {
        const reading = await collectAndRead(program, file, samples.at(-1)?.reading ?? 0);
        samples.push({ switches: done, reading: reading.reading, rssBytes: reading.rssBytes, heapUsedBytes: reading.heapUsed });
      };
      await sample(0);
      for (let done = 1; done <= switches; done++) {
        const before = activeScreen(program.screen());
        program.write(KEYS.tab);
        await program.waitForScreen((screen) => activeScreen(screen) !== before, 10_000, `switch ${done} (away from ${before})`);
        if (done % SAMPLE_EVERY === 0) {
          await program.settle(SAMPLE_QUIET_MS);
          await sample(done);
          const last = samples.at(-1);
          if (done % quarter === 0) {
            log(`memory: ${done} switches, after a full GC: RSS ${(last.rssBytes / 2 ** 20).toFixed(1)} MiB, heap ${(last.heapUsedBytes / 2 ** 20).toFixed(1)} MiB`);
          }
        }
      }
      const trend = samples.filter((s) => s.switches >= quarter);
      const heapLine = leastSquares(trend.map((s) => [s.switches, s.heapUsedBytes]));
      const rssLine = leastSquares(trend.map((s) => [s.switches, s.rssBytes]));
      const heapGrowth = (heapLine.at(switches) - heapLine.at(quarter)) / heapLine.at(quarter);
      return {
        switches,
        afterFullGc: true,
        checkpoints: samples.filter((s) => s.switches > 0 && s.switches % quarter === 0).map(({ reading, ...s }) => s),
        heapMiBPer1000: (heapLine.slope * 1000) / 2 ** 20,
        rssMiBPer1000: (rssLine.slope * 1000) / 2 ** 20,
        heapGrowth,
        steadyGrowth: heapGrowth > FLAT_GROWTH,
        samples: samples.map(({ reading, ...s }) => s),
      };
    } finally {
      await program.dispose();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * Memory while browsing: at 160x45, Enter on film after film of the popular list, each until
 * its screen shows the details and the poster (half-blocks), then Esc and the next. RSS is read
 * after a full collection (the probe, as above) once `films` films are open, and again after as
 * many more: the first figure against the Ink baseline's idle RSS, the second as growth over the
 * first (flat: under 5 %). Run on the embedded catalog and against the remote service.
 */
async function browsePosters(home, films, env) {
  const file = join(home, `posters-${Date.now()}.json`);
  const program = new TerminalProgram(['--expose-gc', '--require', PROBE, MARQUEE], { home, cols: 160, rows: 45, env: { ...env, BENCH_MEMORY_FILE: file } });
  try {
    await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
    await program.settle(SAMPLE_QUIET_MS);
    const readings = [];
    for (let round = 0; round < 2; round++) {
      await movieScreens(program, films, []);
      await program.settle(SAMPLE_QUIET_MS);
      readings.push(await collectAndRead(program, file, readings.at(-1)?.reading ?? 0));
    }
    const [first, second] = readings;
    return {
      films,
      rssBytes: first.rssBytes,
      heapUsedBytes: first.heapUsed,
      externalBytes: first.external,
      rssAfterTwiceBytes: second.rssBytes,
      heapUsedAfterTwiceBytes: second.heapUsed,
      externalAfterTwiceBytes: second.external,
      growth: (second.rssBytes - first.rssBytes) / first.rssBytes,
    };
  } finally {
    await program.dispose();
  }
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const describe = (figure, rss, heap, external) => `RSS ${mib(figure[rss])} (JS heap ${mib(figure[heap])}, external ${mib(figure[external])})`;

export async function postersBenchmark({ films, remote, log }) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-posters-'));
  const remoteHome = mkdtempSync(join(tmpdir(), 'marquee-bench-posters-remote-'));
  try {
    await warm(home);
    const embedded = await browsePosters(home, films, {});
    log(`memory: ${films} films with posters: ${describe(embedded, 'rssBytes', 'heapUsedBytes', 'externalBytes')}; ${2 * films}: ${describe(embedded, 'rssAfterTwiceBytes', 'heapUsedAfterTwiceBytes', 'externalAfterTwiceBytes')}`);
    const remoteEnv = { MARQUEE_BASE_URL: remote.url, MARQUEE_TOKEN: remote.token };
    const onRemote = await browsePosters(remoteHome, films, remoteEnv);
    log(`memory, remote service: ${films} films with posters: ${describe(onRemote, 'rssBytes', 'heapUsedBytes', 'externalBytes')}; ${2 * films}: ${describe(onRemote, 'rssAfterTwiceBytes', 'heapUsedAfterTwiceBytes', 'externalAfterTwiceBytes')}`);
    return { terminal: '160x45', afterFullGc: true, embedded, remote: onRemote };
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(remoteHome, { recursive: true, force: true });
  }
}

/**
 * The Ink baseline's resident memory once its frame is drawn and it is quiet: what the figures
 * after browsing are judged against, measured here too so that `--only memory` judges them.
 */
export async function inkIdleRss() {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-ink-'));
  const program = new TerminalProgram([INK_BASELINE], { home });
  try {
    await program.waitForScreen((s) => s.trim() !== '', 30_000, 'the baseline frame');
    await program.settle(500);
    return program.residentBytes();
  } finally {
    await program.dispose();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Searches of the soak run: words the catalog's invented titles are made of. */
const SOAK_SEARCHES = ['compass', 'garden', 'archive', 'orchard', 'satellite', 'chorus', 'pilgrim', 'vineyard', 'undertow', 'the'];
/** The list's position line, "1/55": the list has rows (each list draws its rows its own way). */
const LIST_POSITION = /^\s*[\d,]+\/[\d,]+/m;
/** The Movies tab's lists, by their keys: popular, now playing, top rated, upcoming. */
const SOAK_LISTS = ['p', 'n', 't', 'u'];
/** The highlighted result of the search tab: "› [movie]  The Last Compass (2026)". */
const HIGHLIGHTED_RESULT = /^› \[(?:movie|tv|person)\](.*)$/m;

/** Searches on the Search tab, each typed into its box, then a few rows down the results. */
async function soakSearches(program, count, keys) {
  program.write('3');
  await program.waitForScreen((s) => activeScreen(s).startsWith('Search'), 10_000, 'the Search tab');
  for (let i = 0; i < count; i++) {
    const words = SOAK_SEARCHES[i % SOAK_SEARCHES.length];
    // The box: focused on the tab's first visit, and again with /; Ctrl-U empties it.
    if (i > 0) program.write('/');
    await program.settle(SAMPLE_QUIET_MS);
    program.write(`\u0015${words}\r`);
    // The answer to these words: a highlighted result that has them (the results of the search
    // before stay on the screen until it comes), or none.
    const answered = (s) => HIGHLIGHTED_RESULT.exec(s)?.[1]?.toLowerCase().includes(words) || s.includes(`Nothing found for "${words}"`);
    await program.waitForScreen(answered, 30_000, `the results for "${words}"`);
    await program.settle(SAMPLE_QUIET_MS);
    if (!HIGHLIGHTED_RESULT.test(program.screen())) continue;
    for (let j = 0; j < 3; j++) await move(program, 'j', keys);
  }
}

/** The Movies tab's lists in turn, each paged down as its pages load. */
async function soakLists(program, rounds, keys) {
  program.write('1');
  await program.waitForScreen((s) => activeScreen(s).startsWith('Movies'), 10_000, 'the Movies tab');
  for (let round = 0; round < rounds; round++) {
    for (const key of SOAK_LISTS) {
      const before = activeScreen(program.screen());
      program.write(key);
      await program.waitForScreen((s) => LIST_POSITION.test(s) && (activeScreen(s) !== before || key === 'p'), 30_000, `the list of ${key}`);
      await program.settle(SAMPLE_QUIET_MS);
      // Down five pages, or to the end of a shorter list.
      for (let page = 0; page < 5; page++) {
        const [row, rows] = (LIST_POSITION.exec(program.screen())?.[0] ?? '').trim().split('/').map((n) => Number(n.replaceAll(',', '')));
        if (row >= rows) break;
        await move(program, KEYS.pageDown, keys);
      }
    }
  }
}

/**
 * The soak run: at 160x45 on the embedded catalog, `titles` films of the popular list opened in
 * turn with their posters (the preview pane beside the list draws each one's poster too), then
 * searches, then the Movies tab's lists paged through, then tab switches. The heap is read after
 * a full collection every 100 films and after each phase, with the largest heap V8 reserved in
 * between (the probe reads it every 10 ms). It ends under the budget when the program is still
 * running (no out-of-memory), every reading's heap after a collection is within the TUI's heap
 * budget, and no peak passed the heap's limit; and its keys (j on the lists, PgDn, Tab) still
 * answer within a frame at p95.
 */
export async function soakBenchmark({ titles, searches, listRounds, budget, log }) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-soak-'));
  const file = join(home, 'soak.json');
  try {
    await warm(home);
    const program = new TerminalProgram(['--expose-gc', '--require', PROBE, MARQUEE], { home, cols: 160, rows: 45, env: { BENCH_MEMORY_FILE: file } });
    try {
      await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
      await program.settle(SAMPLE_QUIET_MS);
      const readings = [];
      const keys = [];
      const read = async (phase) => {
        await program.settle(SAMPLE_QUIET_MS);
        const reading = await collectAndRead(program, file, readings.at(-1)?.reading ?? 0);
        readings.push({ phase, ...reading });
        log(`soak: ${phase}: heap ${mib(reading.heapUsed)} after a full GC (peak reserved ${mib(reading.peakHeapTotal)}, limit ${mib(reading.heapSizeLimit)}), RSS ${mib(reading.rssBytes)}`);
      };
      await read('start');
      const step = Math.min(100, titles);
      for (let opened = 0; opened < titles; opened += step) {
        await movieScreens(program, Math.min(step, titles - opened), [], keys);
        await read(`${Math.min(opened + step, titles)} films`);
      }
      await soakSearches(program, searches, keys);
      await read(`${searches} searches`);
      await soakLists(program, listRounds, keys);
      await read(`${listRounds * SOAK_LISTS.length} lists`);
      // Tab switches, each to a frame of the next tab (a first visit may answer slowly: no limit here).
      for (let i = 0; i < 20; i++) {
        const ms = await program.press(KEYS.tab, 10_000);
        if (ms !== undefined) keys.push(ms);
        await program.settle(SAMPLE_QUIET_MS);
      }
      await read('20 tab switches');
      const budgetBytes = budget.tuiHeapMb * 2 ** 20;
      const alive = program.exitInfo === undefined;
      const overBudget = readings.filter((r) => r.heapUsed > budgetBytes).map((r) => r.phase);
      const limit = readings[0].heapSizeLimit;
      const peak = Math.max(...readings.map((r) => r.peakHeapTotal));
      return {
        terminal: '160x45',
        titles,
        searches,
        lists: listRounds * SOAK_LISTS.length,
        budgetBytes,
        heapSizeLimitBytes: limit,
        alive,
        overBudget,
        heldBudget: alive && overBudget.length === 0 && peak < limit,
        peakHeapTotalBytes: peak,
        endHeapUsedBytes: readings.at(-1).heapUsed,
        endRssBytes: readings.at(-1).rssBytes,
        keys: latencySummary(keys),
        readings: readings.map(({ phase, heapUsed, heapTotal, peakHeapTotal, external, rssBytes }) => ({ phase, heapUsed, heapTotal, peakHeapTotal, external, rssBytes })),
      };
    } finally {
      await program.dispose();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
