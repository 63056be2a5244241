#!/usr/bin/env node
/**
 * `npm run bench`: Marquee's benchmarks (start-up, key latency, memory, client, server).
 * Plain Node ESM, no TypeScript loader: it measures the built program (dist/marquee.js, which
 * `npm run bench` builds first; a copy of it under .bench/, taken at the start) and small
 * bundles of its own under .bench/.
 *
 *   node test/bench/run.mjs [--quick] [--only startup,keys,memory,soak,client,server]
 *
 * Prints a table (median, min and max of repeated runs; ratios taken within the same run) and
 * writes .bench/results.json. Loopback only. --quick runs fewer, shorter rounds for development.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBenchBundles, CLIENT_BUNDLE } from './lib/bundles.mjs';
import { BENCH_DIR, BUILT_DIST, DATA_DIR, MARQUEE, RESULTS_FILE } from './lib/paths.mjs';
import { formatTable, formatTargets, tableRows, targets } from './lib/report.mjs';
import { hasCatalog, startServeProcess } from './lib/server-process.mjs';
import { clientBenchmark } from './sections/client.mjs';
import { keysBenchmark } from './sections/keys.mjs';
import { inkIdleRss, memoryBenchmark, postersBenchmark, soakBenchmark } from './sections/memory.mjs';
import { serverBenchmark } from './sections/server.mjs';
import { startupBenchmark } from './sections/startup.mjs';

const SECTIONS = ['server', 'keys', 'client', 'startup', 'memory', 'soak'];
const BIG_CATALOG = 100_000;
/** The embedded catalog's size: the service the client and the start-up runs against a remote service use. */
const SMALL_CATALOG = 2000;
/** The one-minute load average under which a run counts as quiet: the goals are judged on such a run. */
const QUIET_LOAD = 1;

const SETTINGS = {
  full: {
    startupRuns: 10,
    keys: { runs: 3, listRows: 10_000, tabSwitches: 50, burstRounds: 5, screenFilms: 10 },
    memorySwitches: 1000,
    posterFilms: 100,
    soak: { titles: 1000, searches: 20, listRounds: 2 },
    clientRuns: 5,
    server: { levels: [1, 10, 50], runs: 3, durationMs: 3000, warmupMs: 500 },
  },
  quick: {
    startupRuns: 3,
    keys: { runs: 1, listRows: 1000, tabSwitches: 20, burstRounds: 2, screenFilms: 4 },
    memorySwitches: 200,
    posterFilms: 20,
    soak: { titles: 100, searches: 5, listRounds: 1 },
    clientRuns: 3,
    server: { levels: [1, 10, 50], runs: 1, durationMs: 1000, warmupMs: 200 },
  },
};

class UsageError extends Error {}

function parseOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) {
    process.stdout.write('Usage: node test/bench/run.mjs [--quick] [--only startup,keys,memory,soak,client,server]\n');
    process.exit(0);
  }
  const only = values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : SECTIONS;
  const unknown = only.filter((s) => !SECTIONS.includes(s));
  if (unknown.length > 0) throw new UsageError(`unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  return { quick: values.quick, only: new Set(only) };
}

const log = (text) => process.stderr.write(`${text}\n`);

function machine() {
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg(),
  };
}

async function main() {
  const { quick, only } = parseOptions();
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  if (!existsSync(join(BUILT_DIST, 'marquee.js'))) throw new Error('dist/marquee.js is missing: run "npm run bench" (it builds first) or "npm run build"');
  mkdirSync(BENCH_DIR, { recursive: true });
  // Measured from a copy, so a rebuild of dist/ while the benchmark runs cannot mix two builds.
  rmSync(dirname(MARQUEE), { recursive: true, force: true });
  cpSync(BUILT_DIST, dirname(MARQUEE), { recursive: true, filter: (source) => !source.endsWith('.map') });
  const startedAt = performance.now();
  const results = { date: new Date().toISOString(), mode: quick ? 'quick' : 'full', machine: machine() };

  log('building the benchmark bundles (Ink baseline, client) ...');
  await buildBenchBundles();

  if (only.has('server') || only.has('keys')) {
    const dataDir = join(DATA_DIR, `catalog-${BIG_CATALOG}`);
    const generated = !hasCatalog(dataDir, BIG_CATALOG);
    log(`starting marquee serve on the ${BIG_CATALOG.toLocaleString('en')}-title catalog${generated ? ' (generating it: first run)' : ''} ...`);
    const server = await startServeProcess({ dataDir, catalogSize: BIG_CATALOG });
    results.bigCatalog = { titles: BIG_CATALOG, generated, startMs: server.startMs };
    log(`  listening after ${(server.startMs / 1000).toFixed(1)} s`);
    try {
      if (only.has('server')) {
        const { catalogShape } = await import(CLIENT_BUNDLE);
        results.server = await serverBenchmark({ server, movieCount: catalogShape(0, BIG_CATALOG).movieCount, ...settings.server, log });
      }
      if (only.has('keys')) results.keys = await keysBenchmark({ server, ...settings.keys, log });
    } finally {
      await server.close();
    }
  }

  if (only.has('client')) {
    const server = await startServeProcess({ dataDir: join(DATA_DIR, `catalog-${SMALL_CATALOG}`), catalogSize: SMALL_CATALOG });
    try {
      results.client = await clientBenchmark({ server, catalogSize: SMALL_CATALOG, runs: settings.clientRuns, bundle: await import(CLIENT_BUNDLE), log });
    } finally {
      await server.close();
    }
  }

  if (only.has('startup')) {
    // The remote service for the start-up runs: `marquee serve` started apart, as a user of a remote service has it.
    const server = await startServeProcess({ dataDir: join(DATA_DIR, `catalog-${SMALL_CATALOG}`), catalogSize: SMALL_CATALOG });
    try {
      results.startup = await startupBenchmark({ runs: settings.startupRuns, remote: server, log });
    } finally {
      await server.close();
    }
  }
  if (only.has('memory')) {
    results.memory = await memoryBenchmark({ switches: settings.memorySwitches, log });
    // Browsing with posters, on the embedded catalog and against a remote service started apart.
    const server = await startServeProcess({ dataDir: join(DATA_DIR, `catalog-${SMALL_CATALOG}`), catalogSize: SMALL_CATALOG });
    try {
      results.posters = await postersBenchmark({ films: settings.posterFilms, remote: server, log });
    } finally {
      await server.close();
    }
    // What the figures after browsing are judged against, when the startup section did not run.
    if (!results.startup) results.posters.inkIdleRssBytes = await inkIdleRss();
  }
  if (only.has('soak')) {
    const { TUI_HEAP_BUDGET_MB, budgetTotal } = await import(CLIENT_BUNDLE);
    results.soak = await soakBenchmark({ ...settings.soak, budget: { tuiHeapMb: budgetTotal(TUI_HEAP_BUDGET_MB) }, log });
  }

  results.machine.loadAverageAtEnd = os.loadavg();
  results.elapsedSeconds = (performance.now() - startedAt) / 1000;
  results.targets = targets(results);
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  const { nproc, cpuModel, memoryBytes, node } = results.machine;
  const busy = Math.max(results.machine.loadAverageAtStart[0], results.machine.loadAverageAtEnd[0]) > QUIET_LOAD;
  const load = (l) => l.map((v) => v.toFixed(1)).join(' ');
  process.stdout.write(
    `\nMarquee benchmarks (${results.mode}), ${results.date}\n` +
      `machine: ${nproc} CPUs (${cpuModel}), ${(memoryBytes / 2 ** 30).toFixed(1)} GiB, Node ${node}, ` +
      `load average ${load(results.machine.loadAverageAtStart)} at start, ${load(results.machine.loadAverageAtEnd)} at end\n` +
      (results.bigCatalog
        ? `100,000-title catalog: ${results.bigCatalog.generated ? 'generated' : 'reused from .bench/data'}, server listening after ${(results.bigCatalog.startMs / 1000).toFixed(1)} s\n`
        : '') +
      `\n${formatTable(tableRows(results))}\n\n${formatTargets(results.targets)}\n` +
      (busy ? `(load average above ${QUIET_LOAD} while it ran: the timing goals are not judged on a quiet machine; memory figures hold)\n` : '') +
      '\n' +
      `finished in ${results.elapsedSeconds.toFixed(0)} s; results in ${RESULTS_FILE}\n`,
  );
}

main().catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(`bench: ${error.message}\nUsage: node test/bench/run.mjs [--quick] [--only startup,keys,memory,soak,client,server]\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`bench: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
