import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
 * its pages load, then moves over the loaded rows, then bursts of 300 keys, then tab switches.
 *
 * A burst is 300 presses of j (or k) written to the terminal in one write, as a held key or a
 * paste delivers them: its figure is the time from the write until the screen shows the cursor
 * 300 rows on, the state the last key leads to.
 *
 * The first paint of two screens, each run in a Marquee of its own on the same service: a film
 * opened from the list (Enter; the movie screen loads it with append_to_response), timed until
 * its details and its poster are on the screen, at the 100x30 of the keys above; and the preview
 * pane beside the list at 160x45, opened with its key (P; the config file starts it hidden),
 * timed until the highlighted film's title and poster are in it. Each film is opened once, so
 * every poster is fetched, not taken from memory.
 *
 * Last, the list passes and tab switches again in a Marquee at 160x45, with the preview pane and
 * its poster drawn (see wideRun): the same three figures, on a screen that holds a picture.
 */

const QUIET_MS = 40;
const BURST_KEYS = 300;
/** The highlighted row's title: "› The Last Compass (2026)   6.1 (25.6k)". */
const HIGHLIGHTED_TITLE = /^› (.+?) \(\d{4}\)/m;
/** Half-blocks: a poster is on the screen (in its place until then: "Poster: loading…"). */
const POSTER_CELL = '▀';
/** Where a film with no poster has it. */
const NO_POSTER = 'No poster.';
/** A key that draws nothing within this long did nothing. */
const NO_ANSWER_MS = 300;
/** How long a key that moved nothing yet may take before it is pressed again. */
const MOVED_WITHIN_MS = 5000;

/** "4,021/70,000" on the list's position line: the cursor's row (1-based). */
function cursorRow(screen) {
  const match = /^\s*([\d,]+)\/[\d,]+/m.exec(screen);
  return match ? Number(match[1].replaceAll(',', '')) : undefined;
}


/** Waits until the program has been quiet for longer than a frame interval and shows no page loading. */
async function settle(program) {
  for (;;) {
    await program.settle(QUIET_MS);
    if (!program.screen().includes('loading more')) return;
    await program.waitForScreen((s) => !s.includes('loading more'), 30_000, 'the next page');
  }
}

/** A picture in its place while it is asked for ("Poster: loading…", "Still: loading…"). */
const PICTURE_LOADING = /\b(?:Poster|Still|Profile): loading…/;

/**
 * settle, and then, where a picture is on its way (the preview beside the list asks for the
 * highlighted row's once the cursor has rested 150 ms), until it is drawn: so the next key is
 * pressed with the picture on the screen, and answered by a frame that redraws it.
 */
async function settleWithPictures(program) {
  await settle(program);
  if (!PICTURE_LOADING.test(program.screen())) return;
  await program.waitForScreen((s) => !PICTURE_LOADING.test(s), 30_000, 'the picture in the preview');
  await settle(program);
}

/**
 * Sends a key that moves the cursor and records the time to the frame that answers it. At the
 * end of what is loaded, a key can meet the next page still on its way (a fast load shows no
 * spinner): the cursor cannot move and nothing is drawn. That press is no key-to-frame figure;
 * it is sent again once the page is in. Returns the cursor's new row.
 */
export async function move(program, key, samples, settled = settle) {
  const before = cursorRow(program.screen());
  for (let attempt = 0; attempt < 20; attempt++) {
    const ms = await program.press(key, NO_ANSWER_MS);
    // On a busy machine the answer may come after NO_ANSWER_MS: the key is pressed again only
    // once the cursor has not moved for MOVED_WITHIN_MS, or a late answer and the second press
    // would move it twice (and the next Enter open another film than the one read).
    const moved = await program.waitForScreen((s) => cursorRow(s) !== before, MOVED_WITHIN_MS, 'the cursor to move').then(
      () => true,
      () => false,
    );
    await settled(program);
    const after = cursorRow(program.screen());
    if (moved && after !== before) {
      if (ms !== undefined) samples.push(ms);
      return after;
    }
  }
  throw new Error(`the key ${JSON.stringify(key)} did not move the cursor from row ${before}; the screen was:\n${program.screen()}`);
}

/** Down the list with PgDn to row `rows` (10,000 in a full run), its pages loading on the way; then k/j and g/G at the end. */
async function loadingPass(program, rows, samples, settled = settle) {
  let row = cursorRow(program.screen());
  while (row < rows) row = await move(program, KEYS.pageDown, samples, settled);
  for (let i = 0; i < 40; i++) await move(program, 'k', samples, settled);
  for (let i = 0; i < 40; i++) await move(program, 'j', samples, settled);
  return row;
}

/** Over the loaded rows (the cursor is on the last): g/G across the whole list, PgUp, k/j, then g/G again. */
async function loadedPass(program, samples, settled = settle) {
  await move(program, 'g', samples, settled);
  let row = await move(program, 'G', samples, settled);
  // Stops well clear of the top, so the k presses that follow all move.
  for (let i = 0; i < 100 && row > 100; i++) row = await move(program, KEYS.pageUp, samples, settled);
  for (let i = 0; i < 40; i++) await move(program, 'k', samples, settled);
  for (let i = 0; i < 40; i++) await move(program, 'j', samples, settled);
  for (let i = 0; i < 10; i++) {
    await move(program, 'g', samples, settled);
    await move(program, 'G', samples, settled);
  }
}

/**
 * Bursts from the top of the loaded list: 300 j in one write, then 300 k back, `count` times.
 * Each figure is the time from the write until the frame that shows the cursor where the 300th key puts it.
 */
async function bursts(program, count, samples) {
  await move(program, 'g', []);
  for (let i = 0; i < count; i++) {
    for (const [key, target] of [['j', BURST_KEYS + 1], ['k', 1]]) {
      const sentAt = performance.now();
      program.write(key.repeat(BURST_KEYS));
      const at = await program.waitForScreen((s) => cursorRow(s) === target, 30_000, `row ${target} after ${BURST_KEYS} ${key}`);
      samples.push(at - sentAt);
      await settle(program);
    }
  }
}

/** Tab switches: each answered by a frame of the next tab. */
async function switchTabs(program, count, samples, settled = settle) {
  for (let i = 0; i < count; i++) {
    const ms = await program.press(KEYS.tab, NO_ANSWER_MS);
    if (ms === undefined) throw new Error(`no frame answered Tab; the screen was:\n${program.screen()}`);
    samples.push(ms);
    await settled(program);
  }
}

function highlightedTitle(screen) {
  const title = HIGHLIGHTED_TITLE.exec(screen)?.[1];
  if (title === undefined) throw new Error(`no highlighted film on the screen:\n${screen}`);
  return title;
}

/** Times `key` until the screen satisfies `shown`; the screen must not satisfy it before. */
async function timeUntil(program, key, shown, what) {
  const sentAt = performance.now();
  program.write(key);
  return (await program.waitForScreen(shown, 30_000, what)) - sentAt;
}

/**
 * Enter on `films` films of the list in turn: each until the movie screen shows its details and
 * poster; Esc back, j to the next (its key to frame into `moves`).
 */
export async function movieScreens(program, films, samples, moves = []) {
  for (let i = 0; i < films; i++) {
    const title = highlightedTitle(program.screen());
    // Drawn with its poster, or saying it has none (the catalog has films without one).
    const opened = (s) =>
      s.split('\n')[2]?.startsWith(`${title} (`) && s.includes('Runtime') && (s.includes(POSTER_CELL) || s.includes(NO_POSTER)) && !s.includes('loading…');
    samples.push(await timeUntil(program, '\r', opened, `the movie screen of ${title}`));
    await settle(program);
    program.write(KEYS.escape);
    await program.waitForScreen((s) => MOVIE_ROW.test(s) && !s.includes('Runtime'), 30_000, 'the list, back from the movie screen');
    await settle(program);
    await move(program, 'j', moves);
  }
}

/** P beside `films` films of the list in turn: each until the pane shows the film's title and poster; P again to hide it, j to the next. */
async function previewPanes(program, films, samples) {
  for (let i = 0; i < films; i++) {
    const title = highlightedTitle(program.screen());
    const opened = (s) => s.includes(`│ ${title}`) && s.includes(POSTER_CELL) && !s.includes('loading…');
    samples.push(await timeUntil(program, 'P', opened, `the preview of ${title}`));
    await settle(program);
    program.write('P');
    await program.waitForScreen((s) => !s.includes(POSTER_CELL), 30_000, 'the list without its preview');
    await settle(program);
    await move(program, 'j', []);
  }
}

/** A fresh Marquee on the service in a terminal of `cols` x `rows`, from its first movie row. */
async function startOnService(server, home, size) {
  const program = new TerminalProgram([MARQUEE], { home, ...size, env: { MARQUEE_BASE_URL: server.url, MARQUEE_TOKEN: server.token } });
  await program.waitForScreen((s) => MOVIE_ROW.test(s), 30_000, 'the first movie row');
  await program.settle(QUIET_MS);
  return program;
}

/** First paint of the movie screen (100x30) and of the preview pane (160x45), `films` of each per run. */
async function screensRun(server, films) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-screens-'));
  try {
    const movie = [];
    const detail = await startOnService(server, home, {});
    try {
      await movieScreens(detail, films, movie);
    } finally {
      await detail.dispose();
    }
    const configDir = join(home, 'config', 'marquee');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.yaml'), 'preview: false\n');
    const preview = [];
    const wide = await startOnService(server, home, { cols: 160, rows: 45 });
    try {
      await previewPanes(wide, films, preview);
    } finally {
      await wide.dispose();
    }
    return { movie, preview };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * The same passes at 160x45, where the list has the preview pane beside it (on by default from
 * 120 columns) with the highlighted film's poster in half-blocks: each key is pressed once the
 * poster of the row it leaves is drawn, so every frame measured redraws a screen with a picture.
 */
async function wideRun(server, listRows, tabSwitches) {
  const home = mkdtempSync(join(tmpdir(), 'marquee-bench-keys-wide-'));
  const program = await startOnService(server, home, { cols: 160, rows: 45 });
  try {
    await settleWithPictures(program);
    if (!program.screen().includes(POSTER_CELL)) throw new Error(`no poster in the preview pane at 160x45; the screen was:\n${program.screen()}`);
    const loading = [];
    await loadingPass(program, listRows, loading, settleWithPictures);
    const loaded = [];
    await loadedPass(program, loaded, settleWithPictures);
    const tabs = [];
    await switchTabs(program, tabSwitches, tabs, settleWithPictures);
    return { loading: latencySummary(loading), loaded: latencySummary(loaded), tabs: latencySummary(tabs) };
  } finally {
    await program.dispose();
    rmSync(home, { recursive: true, force: true });
  }
}

export async function keysBenchmark({ server, runs, listRows, tabSwitches, burstRounds, screenFilms, log }) {
  const figures = { loading: [], loaded: [], bursts: [], tabs: [], movie: [], preview: [], wideLoading: [], wideLoaded: [], wideTabs: [] };
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
      const burst = [];
      await bursts(program, burstRounds, burst);
      const tabs = [];
      await switchTabs(program, tabSwitches, tabs);
      figures.loading.push(latencySummary(loading));
      figures.loaded.push(latencySummary(loaded));
      figures.bursts.push(latencySummary(burst));
      figures.tabs.push(latencySummary(tabs));
      log(
        `keys run ${run + 1}/${runs} (${((performance.now() - startedAt) / 1000).toFixed(0)} s, ${rows} rows): ` +
          `list while loading p95 ${figures.loading.at(-1).p95.toFixed(1)} ms, loaded p95 ${figures.loaded.at(-1).p95.toFixed(1)} ms, ` +
          `${BURST_KEYS}-key burst p50 ${figures.bursts.at(-1).p50.toFixed(0)} ms, tabs p95 ${figures.tabs.at(-1).p95.toFixed(1)} ms`,
      );
    } finally {
      await program.dispose();
      rmSync(home, { recursive: true, force: true });
    }
    const screens = await screensRun(server, screenFilms);
    figures.movie.push(latencySummary(screens.movie));
    figures.preview.push(latencySummary(screens.preview));
    log(`screens run ${run + 1}/${runs}: movie screen p50 ${figures.movie.at(-1).p50.toFixed(0)} ms, preview pane p50 ${figures.preview.at(-1).p50.toFixed(0)} ms`);
    const wide = await wideRun(server, listRows, tabSwitches);
    figures.wideLoading.push(wide.loading);
    figures.wideLoaded.push(wide.loaded);
    figures.wideTabs.push(wide.tabs);
    log(
      `keys at 160x45 with the preview and posters, run ${run + 1}/${runs}: list while loading p95 ${wide.loading.p95.toFixed(1)} ms, ` +
        `loaded p95 ${wide.loaded.p95.toFixed(1)} ms, tabs p95 ${wide.tabs.p95.toFixed(1)} ms`,
    );
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
    burstKeys: BURST_KEYS,
    bursts: summarise(figures.bursts),
    tabs: summarise(figures.tabs),
    movieScreen: summarise(figures.movie),
    previewPane: summarise(figures.preview),
    wide: {
      terminal: '160x45',
      listWhileLoading: summarise(figures.wideLoading),
      listLoaded: summarise(figures.wideLoaded),
      tabs: summarise(figures.wideTabs),
    },
  };
}
