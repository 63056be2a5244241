import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INK_BASELINE } from '../lib/bundles.mjs';
import { startLongWordService } from '../lib/long-word-service.mjs';
import { MARQUEE } from '../lib/paths.mjs';
import { median, spread } from '../lib/stats.mjs';
import { TerminalProgram } from '../lib/terminal.mjs';

/**
 * Start-up in a pseudo-terminal (100x30), four programs per run, one after the other:
 * `node -e 0` (time to exit), the minimal Ink app (time to its first frame), `marquee` on the
 * embedded catalog (first frame, then the first row of the Movies tab) and `marquee` against a
 * remote service: a `marquee serve` started apart, named by MARQUEE_BASE_URL and MARQUEE_TOKEN
 * as a user of a remote service sets them. Each run's ratios are taken against that same run's
 * baseline. Both Marquees run on a warmed data directory of their own: the first start
 * generates the embedded catalog and its secrets, or fills the disk cache of the remote one.
 *
 * Resident memory is read in the same runs, once each program has drawn what it draws and gone
 * quiet: the Ink baseline after its frame, each Marquee after its first data row (the TUI's
 * process alone: the remote service is not counted).
 *
 * Each Marquee run also writes its own timeline (MARQUEE_STARTUP_TIMELINE, see
 * src/commands/startup-timeline.ts): when the process started, its UI code was evaluated, Ink
 * drew the first frame, the embedded catalog's thread was ready, the first request went and its
 * answer came. Placed on this process's clock beside what the screen showed (first frame, first
 * row), it says who owns each millisecond; the medians are printed after the runs.
 *
 * Last, a hostile text: Marquee against a small service whose popular films carry a title and
 * overviews of one million-letter word, against the same service with plain text, in the same
 * run. The ratio is what the word costs the first data row; text is bounded before layout, so
 * it should cost next to nothing (unbounded, it froze the TUI for minutes).
 */

/** A row of the Movies tab: "› The Last Compass (2026)     6.1 (25.6K)". */
export const MOVIE_ROW = /\(\d{4}\)\s{2,}(?:\d+\.\d|no votes)/;
const nonEmpty = (screen) => screen.trim() !== '';
const SETTLE_MS = 500;
const TIMEOUT_MS = 30_000;

async function nodeExit(home) {
  const program = new TerminalProgram(['-e', '0'], { home });
  try {
    const { at, exitCode } = await program.exited;
    if (exitCode !== 0) throw new Error(`node -e 0 exited with ${exitCode}`);
    return at - program.startedAt;
  } finally {
    await program.dispose();
  }
}

async function inkBaseline(home) {
  const program = new TerminalProgram([INK_BASELINE], { home });
  try {
    const firstFrame = (await program.waitForScreen(nonEmpty, TIMEOUT_MS, 'the baseline frame')) - program.startedAt;
    await program.settle(SETTLE_MS);
    return { firstFrame, rss: program.residentBytes() };
  } finally {
    await program.dispose();
  }
}

/** The moments of a start, in the order they happen, as the timeline names them. */
const MOMENTS = [
  ['process', 'process started (node bootstrapped)'],
  ['modules-evaluated', 'UI code evaluated (Ink, React, the app)'],
  ['first-frame', 'Ink rendered the first frame'],
  ['screen-frame', 'first frame on the screen'],
  ['catalog-ready', 'embedded catalog thread ready'],
  ['first-request', 'first request sent'],
  ['first-answer', 'its answer received'],
  ['screen-row', 'first data row on the screen'],
];

/** The program's timeline file, on the clock of `program` (ms since it was spawned). */
function readTimeline(file, program) {
  if (!existsSync(file)) return {};
  const { timeOrigin, moments } = JSON.parse(readFileSync(file, 'utf8'));
  // Both clocks to wall-clock milliseconds: the program's origin is when its process started.
  const spawnedAt = performance.timeOrigin + program.startedAt;
  const timeline = { process: timeOrigin - spawnedAt };
  for (const [name, at] of Object.entries(moments)) timeline[name] = timeOrigin + at - spawnedAt;
  return timeline;
}

async function marquee(home, env = {}) {
  const timelineFile = join(home, 'startup-timeline.json');
  rmSync(timelineFile, { force: true });
  const program = new TerminalProgram([MARQUEE], { home, env: { ...env, MARQUEE_STARTUP_TIMELINE: timelineFile } });
  try {
    const firstFrame = (await program.waitForScreen(nonEmpty, TIMEOUT_MS, 'the first frame')) - program.startedAt;
    const firstRow = (await program.waitForScreen((s) => MOVIE_ROW.test(s), TIMEOUT_MS, 'the first movie row')) - program.startedAt;
    await program.settle(SETTLE_MS);
    const timeline = { ...readTimeline(timelineFile, program), 'screen-frame': firstFrame, 'screen-row': firstRow };
    return { firstFrame, firstRow, rss: program.residentBytes(), timeline };
  } finally {
    await program.dispose();
  }
}

/** The median of each moment over the runs, printed one line a moment: who owns the milliseconds. */
function logTimeline(label, timelines, log) {
  log(`start-up timeline, ${label} (median of ${timelines.length} runs, ms since spawn):`);
  const medians = {};
  for (const [name, text] of MOMENTS) {
    const values = timelines.map((timeline) => timeline[name]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    medians[name] = median(values);
    log(`  ${medians[name].toFixed(0).padStart(6)}  ${text}`);
  }
  return medians;
}

/** First data row against the long-word service, with the word and without, each on a warmed data directory. */
async function longWordRuns(runs, log) {
  const plain = await startLongWordService({ longWord: false });
  const hostile = await startLongWordService({ longWord: true });
  const plainHome = mkdtempSync(join(tmpdir(), 'marquee-bench-plain-'));
  const hostileHome = mkdtempSync(join(tmpdir(), 'marquee-bench-long-word-'));
  const envOf = (service) => ({ MARQUEE_BASE_URL: service.url, MARQUEE_TOKEN: service.token });
  try {
    await marquee(plainHome, envOf(plain));
    await marquee(hostileHome, envOf(hostile));
    const figures = { plainRow: [], row: [], ratio: [], rss: [] };
    for (let run = 0; run < runs; run++) {
      const plainTui = await marquee(plainHome, envOf(plain));
      const hostileTui = await marquee(hostileHome, envOf(hostile));
      figures.plainRow.push(plainTui.firstRow);
      figures.row.push(hostileTui.firstRow);
      figures.ratio.push(hostileTui.firstRow / plainTui.firstRow);
      figures.rss.push(hostileTui.rss);
      log(`start-up run ${run + 1}/${runs}, a 1,000,000-letter word: first row ${hostileTui.firstRow.toFixed(0)} ms, plain text ${plainTui.firstRow.toFixed(0)} ms`);
    }
    return {
      plainFirstRowMs: spread(figures.plainRow),
      firstRowMs: spread(figures.row),
      vsPlain: spread(figures.ratio),
      rssBytes: spread(figures.rss),
    };
  } finally {
    await Promise.all([plain.close(), hostile.close()]);
    rmSync(plainHome, { recursive: true, force: true });
    rmSync(hostileHome, { recursive: true, force: true });
  }
}

/** `remote` is the separately started service ({ url, token }) for the runs against a remote service. */
export async function startupBenchmark({ runs, remote, log }) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-startup-'));
  const remoteHome = mkdtempSync(join(tmpdir(), 'marquee-bench-startup-remote-'));
  const remoteEnv = { MARQUEE_BASE_URL: remote.url, MARQUEE_TOKEN: remote.token };
  try {
    // Warm the data directories: catalog file, token, demo account; the remote service's disk cache.
    const warm = await marquee(home);
    log(`start-up: warm-up run (generates the embedded catalog): first row after ${warm.firstRow.toFixed(0)} ms`);
    const warmRemote = await marquee(remoteHome, remoteEnv);
    log(`start-up: warm-up run against the remote service: first row after ${warmRemote.firstRow.toFixed(0)} ms`);
    const figures = {
      nodeExit: [], inkFrame: [], frame: [], row: [], frameRatio: [], rowRatio: [], inkRss: [], rss: [], rssRatio: [],
      remoteFrame: [], remoteRow: [], remoteRss: [], remoteRssRatio: [],
      timeline: [], remoteTimeline: [],
    };
    for (let run = 0; run < runs; run++) {
      const exit = await nodeExit(home);
      const ink = await inkBaseline(home);
      const tui = await marquee(home);
      const remoteTui = await marquee(remoteHome, remoteEnv);
      figures.nodeExit.push(exit);
      figures.inkFrame.push(ink.firstFrame);
      figures.frame.push(tui.firstFrame);
      figures.row.push(tui.firstRow);
      figures.frameRatio.push(tui.firstFrame / ink.firstFrame);
      figures.rowRatio.push(tui.firstRow / ink.firstFrame);
      figures.inkRss.push(ink.rss);
      figures.rss.push(tui.rss);
      figures.rssRatio.push(tui.rss / ink.rss);
      figures.remoteFrame.push(remoteTui.firstFrame);
      figures.remoteRow.push(remoteTui.firstRow);
      figures.remoteRss.push(remoteTui.rss);
      figures.remoteRssRatio.push(remoteTui.rss / ink.rss);
      figures.timeline.push(tui.timeline);
      figures.remoteTimeline.push(remoteTui.timeline);
      log(
        `start-up run ${run + 1}/${runs}: node ${exit.toFixed(0)} ms, ink ${ink.firstFrame.toFixed(0)} ms, marquee frame ${tui.firstFrame.toFixed(0)} ms, row ${tui.firstRow.toFixed(0)} ms, ` +
          `remote frame ${remoteTui.firstFrame.toFixed(0)} ms, row ${remoteTui.firstRow.toFixed(0)} ms`,
      );
    }
    const timeline = {
      embedded: logTimeline('embedded catalog', figures.timeline, log),
      remote: logTimeline('remote service', figures.remoteTimeline, log),
    };
    const longWord = await longWordRuns(runs, log);
    return {
      timeline,
      longWord,
      terminal: '100x30',
      warmedDataDir: true,
      nodeExitMs: spread(figures.nodeExit),
      inkFirstFrameMs: spread(figures.inkFrame),
      firstFrameMs: spread(figures.frame),
      firstRowMs: spread(figures.row),
      firstFrameVsInk: spread(figures.frameRatio),
      firstRowVsInk: spread(figures.rowRatio),
      remote: {
        firstFrameMs: spread(figures.remoteFrame),
        firstRowMs: spread(figures.remoteRow),
      },
      memory: {
        inkIdleRssBytes: spread(figures.inkRss),
        idleRssBytes: spread(figures.rss),
        idleVsInk: spread(figures.rssRatio),
        remoteIdleRssBytes: spread(figures.remoteRss),
        remoteIdleVsInk: spread(figures.remoteRssRatio),
      },
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(remoteHome, { recursive: true, force: true });
  }
}
