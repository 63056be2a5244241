import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INK_BASELINE } from '../lib/bundles.mjs';
import { MARQUEE } from '../lib/paths.mjs';
import { spread } from '../lib/stats.mjs';
import { TerminalProgram } from '../lib/terminal.mjs';

/**
 * Start-up in a pseudo-terminal (100x30), three programs per run, one after the other:
 * `node -e 0` (time to exit), the minimal Ink app (time to its first frame) and `marquee` on the
 * embedded catalog (first frame, then the first row of the Movies tab). Each run's ratios are
 * taken against that same run's baseline. Marquee runs on a warmed data directory: the first
 * start generates the catalog and the server's secrets, which later starts only open.
 *
 * Resident memory is read in the same runs, once each program has drawn what it draws and gone
 * quiet: the Ink baseline after its frame, Marquee after its first data row.
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

async function marquee(home) {
  const program = new TerminalProgram([MARQUEE], { home });
  try {
    const firstFrame = (await program.waitForScreen(nonEmpty, TIMEOUT_MS, 'the first frame')) - program.startedAt;
    const firstRow = (await program.waitForScreen((s) => MOVIE_ROW.test(s), TIMEOUT_MS, 'the first movie row')) - program.startedAt;
    await program.settle(SETTLE_MS);
    return { firstFrame, firstRow, rss: program.residentBytes() };
  } finally {
    await program.dispose();
  }
}

export async function startupBenchmark({ runs, log }) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-startup-'));
  try {
    // Warm the data directory: catalog file, token, demo account.
    const warm = await marquee(home);
    log(`start-up: warm-up run (generates the embedded catalog): first row after ${warm.firstRow.toFixed(0)} ms`);
    const figures = { nodeExit: [], inkFrame: [], frame: [], row: [], frameRatio: [], rowRatio: [], inkRss: [], rss: [], rssRatio: [] };
    for (let run = 0; run < runs; run++) {
      const exit = await nodeExit(home);
      const ink = await inkBaseline(home);
      const tui = await marquee(home);
      figures.nodeExit.push(exit);
      figures.inkFrame.push(ink.firstFrame);
      figures.frame.push(tui.firstFrame);
      figures.row.push(tui.firstRow);
      figures.frameRatio.push(tui.firstFrame / ink.firstFrame);
      figures.rowRatio.push(tui.firstRow / ink.firstFrame);
      figures.inkRss.push(ink.rss);
      figures.rss.push(tui.rss);
      figures.rssRatio.push(tui.rss / ink.rss);
      log(`start-up run ${run + 1}/${runs}: node ${exit.toFixed(0)} ms, ink ${ink.firstFrame.toFixed(0)} ms, marquee frame ${tui.firstFrame.toFixed(0)} ms, row ${tui.firstRow.toFixed(0)} ms`);
    }
    return {
      terminal: '100x30',
      warmedDataDir: true,
      nodeExitMs: spread(figures.nodeExit),
      inkFirstFrameMs: spread(figures.inkFrame),
      firstFrameMs: spread(figures.frame),
      firstRowMs: spread(figures.row),
      firstFrameVsInk: spread(figures.frameRatio),
      firstRowVsInk: spread(figures.rowRatio),
      memory: {
        inkIdleRssBytes: spread(figures.inkRss),
        idleRssBytes: spread(figures.rss),
        idleVsInk: spread(figures.rssRatio),
      },
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
