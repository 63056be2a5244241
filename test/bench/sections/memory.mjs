import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MARQUEE, ROOT } from '../lib/paths.mjs';
import { KEYS, TerminalProgram } from '../lib/terminal.mjs';
import { movieScreens } from './keys.mjs';
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
