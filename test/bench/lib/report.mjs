/**
 * The printed table and the list of targets, both made from the results object that is also
 * written to .bench/results.json. The targets (the memory and start-up round's goals) are in one
 * place, so the table's target column and the met/MISSED lines cannot disagree; a figure with
 * no target is printed as a figure. A goal whose figure this run did not measure (its section was
 * left out with --only) is listed as not measured, so a partial run never reads as all met.
 */

const atMost = (limit, unit) => ({ text: `<= ${limit}${unit}`, met: (value) => value <= limit });

export const LIMITS = {
  firstFrameVsInk: atMost(1.2, 'x'),
  firstRowVsInk: atMost(2, 'x'),
  idleRssVsInk: atMost(1.5, 'x'),
  remoteIdleRssVsInk: atMost(1.25, 'x'),
  // One frame at 120 Hz.
  keyToFrameP95Ms: atMost(8.3, ' ms'),
  longWordRowVsPlain: atMost(1.25, 'x'),
  postersRssVsInk: atMost(2, 'x'),
  postersGrowth: atMost(0.05, ''),
  // CPU the calling process spends per request: the client against undici's Pool alone.
  clientCpuVsPool: atMost(1.25, 'x'),
  serverP95At50Ms: atMost(20, ' ms'),
  // A search or discover the server has not answered before (its page cache misses), at 50 clients.
  newQueryP95At50Ms: atMost(50, ' ms'),
};

const MiB = 2 ** 20;

const formats = {
  ms: (v) => `${v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)} ms`,
  ratio: (v) => `${v.toFixed(2)}x`,
  mib: (v) => `${(v / MiB).toFixed(1)} MiB`,
  perSecond: (v) => `${v.toFixed(0)}/s`,
  count: (v) => `${Math.round(v)}`,
  percent: (v) => `${(v * 100).toFixed(1)}%`,
};

/** A row for a { median, min, max } figure. */
function row(label, figure, format, target = '') {
  const f = formats[format];
  return [label, f(figure.median), f(figure.min), f(figure.max), target];
}

function single(label, value, format, note = '') {
  return [label, formats[format](value), '', '', note];
}

/** The server's rows where every request is one it has not answered before. */
const NEW_QUERIES = ['searchNew', 'discoverNew'];

export function tableRows(results) {
  const rows = [];
  const section = (title) => rows.push([`-- ${title}`, '', '', '', '']);
  const { startup, keys, memory, client, server, posters, soak } = results;
  if (startup) {
    section(`start-up (pty ${startup.terminal}, warmed data dir, ${startup.nodeExitMs.runs} runs)`);
    rows.push(row('node -e 0, to exit', startup.nodeExitMs, 'ms'));
    rows.push(row('Ink baseline, first frame', startup.inkFirstFrameMs, 'ms'));
    rows.push(row('marquee, first frame', startup.firstFrameMs, 'ms'));
    rows.push(row('marquee, first data row', startup.firstRowMs, 'ms'));
    rows.push(row('first frame / Ink baseline', startup.firstFrameVsInk, 'ratio', LIMITS.firstFrameVsInk.text));
    rows.push(row('first data row / Ink baseline', startup.firstRowVsInk, 'ratio', LIMITS.firstRowVsInk.text));
    rows.push(row('remote service: first frame', startup.remote.firstFrameMs, 'ms'));
    rows.push(row('remote service: first data row', startup.remote.firstRowMs, 'ms'));
    rows.push(row('plain small service: first data row', startup.longWord.plainFirstRowMs, 'ms'));
    rows.push(row('the same with a 1,000,000-letter word: first data row', startup.longWord.firstRowMs, 'ms'));
    rows.push(row('1,000,000-letter word / plain', startup.longWord.vsPlain, 'ratio', LIMITS.longWordRowVsPlain.text));
  }
  if (keys) {
    section(`key press to frame (${keys.listRows.toLocaleString('en')}-row list, ${keys.listLoaded.p95Ms.runs} runs)`);
    for (const [name, label] of [['listWhileLoading', 'list, pages loading'], ['listLoaded', 'list, loaded'], ['tabs', 'tab switch']]) {
      const figure = keys[name];
      rows.push(row(`${label} p50 (${figure.keysPerRun} keys/run)`, figure.p50Ms, 'ms'));
      rows.push(row(`${label} p95`, figure.p95Ms, 'ms', LIMITS.keyToFrameP95Ms.text));
      rows.push(row(`${label} p99`, figure.p99Ms, 'ms'));
    }
    if (keys.wide) {
      for (const [name, label] of [['listWhileLoading', 'list, pages loading'], ['listLoaded', 'list, loaded'], ['tabs', 'tab switch']]) {
        const figure = keys.wide[name];
        rows.push(row(`${keys.wide.terminal}, preview with poster: ${label} p50 (${figure.keysPerRun} keys/run)`, figure.p50Ms, 'ms'));
        rows.push(row(`${keys.wide.terminal}, preview with poster: ${label} p95`, figure.p95Ms, 'ms', LIMITS.keyToFrameP95Ms.text));
      }
    }
    rows.push(row(`${keys.burstKeys} keys in one write, to the last frame p50 (${keys.bursts.keysPerRun} bursts/run)`, keys.bursts.p50Ms, 'ms'));
    rows.push(row(`${keys.burstKeys} keys in one write, to the last frame p95`, keys.bursts.p95Ms, 'ms'));
    section('first paint of a screen, from its key (on the 100,000-title service)');
    rows.push(row(`movie screen (Enter, 100x30) p50 (${keys.movieScreen.keysPerRun} films/run)`, keys.movieScreen.p50Ms, 'ms'));
    rows.push(row('movie screen (Enter, 100x30) p95', keys.movieScreen.p95Ms, 'ms'));
    rows.push(row(`preview pane with poster (P, 160x45) p50 (${keys.previewPane.keysPerRun} films/run)`, keys.previewPane.p50Ms, 'ms'));
    rows.push(row('preview pane with poster (P, 160x45) p95', keys.previewPane.p95Ms, 'ms'));
  }
  if (startup || memory || posters || soak) section('memory (RSS)');
  if (startup) {
    rows.push(row('Ink baseline, idle', startup.memory.inkIdleRssBytes, 'mib'));
    rows.push(row('marquee, idle after first data row', startup.memory.idleRssBytes, 'mib'));
    rows.push(row('idle / Ink baseline', startup.memory.idleVsInk, 'ratio', LIMITS.idleRssVsInk.text));
    rows.push(row('marquee on a remote service, idle after first data row', startup.memory.remoteIdleRssBytes, 'mib'));
    rows.push(row('remote service: idle / Ink baseline', startup.memory.remoteIdleVsInk, 'ratio', LIMITS.remoteIdleRssVsInk.text));
  }
  if (memory) {
    for (const checkpoint of memory.checkpoints) {
      rows.push(single(`after ${checkpoint.switches} tab switches, RSS`, checkpoint.rssBytes, 'mib', 'after a full GC; 1 run'));
      rows.push(single(`after ${checkpoint.switches} tab switches, JS heap`, checkpoint.heapUsedBytes, 'mib', 'after a full GC; 1 run'));
    }
    rows.push(single(`JS heap trend, switches ${memory.switches / 4}-${memory.switches}`, memory.heapGrowth, 'percent', `${memory.heapMiBPer1000.toFixed(2)} MiB per 1,000: ${memory.steadyGrowth ? 'steady growth' : 'no steady growth'}`));
  }
  if (posters) {
    const ink = inkIdleOf(results);
    if (!startup && ink) rows.push(single('Ink baseline, idle', ink, 'mib', '1 run'));
    for (const [name, figure] of [['embedded catalog', posters.embedded], ['remote service', posters.remote]]) {
      const films = figure.films;
      rows.push(single(`${name}: RSS after ${films} films with posters (${posters.terminal})`, figure.rssBytes, 'mib', 'after a full GC; 1 run'));
      if (ink) rows.push(single(`${name}: that RSS / Ink baseline idle`, figure.rssBytes / ink, 'ratio', LIMITS.postersRssVsInk.text));
      rows.push(single(`${name}: RSS after ${2 * films} films`, figure.rssAfterTwiceBytes, 'mib', 'after a full GC'));
      rows.push(single(`${name}: growth over the second ${films}`, figure.growth, 'percent', `<= 5%`));
    }
  }
  if (soak) {
    const scope = `${soak.titles} films with posters, ${soak.searches} searches, ${soak.lists} lists (${soak.terminal})`;
    for (const reading of soak.readings) {
      rows.push(single(`soak, ${reading.phase}: JS heap after a full GC`, reading.heapUsed, 'mib', `budget ${formats.mib(soak.budgetBytes)}`));
      rows.push(single(`soak, ${reading.phase}: largest heap reserved before`, reading.peakHeapTotal, 'mib', `limit ${formats.mib(soak.heapSizeLimitBytes)}`));
      rows.push(single(`soak, ${reading.phase}: RSS`, reading.rssBytes, 'mib', ''));
    }
    rows.push(single(`soak: ${scope}, budget held`, soak.heldBudget ? 1 : 0, 'count', soak.alive ? '1 = yes' : 'the program ended (out of memory?)'));
    rows.push(single(`soak: key to frame p95 (${soak.keys.count} keys)`, soak.keys.p95, 'ms', LIMITS.keyToFrameP95Ms.text));
  }
  if (client) {
    section(`client: ${client.operations} mixed GETs, ${client.concurrency} at a time, ${client.distinctUrls} distinct URLs (${client.fetchOpsPerSecond.runs} runs)`);
    rows.push(row('global fetch', client.fetchOpsPerSecond, 'perSecond'));
    rows.push(row('client, cache off', client.clientUncachedOpsPerSecond, 'perSecond'));
    rows.push(row('client, cache on', client.clientCachedOpsPerSecond, 'perSecond'));
    rows.push(row('client cache off / fetch', client.uncachedVsFetch, 'ratio'));
    rows.push(row('client cache on / fetch', client.cachedVsFetch, 'ratio'));
    rows.push(row('caller CPU per request, fetch', client.fetchCpuMsPerRequest, 'ms'));
    rows.push(row('caller CPU per request, client (cache off)', client.clientUncachedCpuMsPerRequest, 'ms'));
    rows.push(row('caller CPU, fetch / client', client.fetchCpuVsClient, 'ratio'));
    if (client.poolVsFetch) {
      rows.push(row('undici Pool alone (no validation) / fetch', client.poolVsFetch, 'ratio', 'what any client reaches here'));
      rows.push(row('caller CPU per request, undici Pool alone', client.poolCpuMsPerRequest, 'ms'));
      if (client.clientCpuVsPool) rows.push(row('caller CPU per request, client (cache off) / Pool alone', client.clientCpuVsPool, 'ratio', LIMITS.clientCpuVsPool.text));
      rows.push(row('server CPU while fetch runs (one core = 100%)', client.serverCpuShareFetch, 'percent'));
      rows.push(row('server CPU while the client runs (one core = 100%)', client.serverCpuShareUncached, 'percent'));
    }
    rows.push(row('cached call, movie details', client.cachedCallMs, 'ms'));
    rows.push(row('cached call, popular page (a view)', client.cachedPageMs, 'ms'));
    rows.push(row(`${client.identical.calls} identical GETs: server requests`, client.identical.serverRequests, 'count'));
    rows.push(row(`${client.identical.calls} identical GETs: time`, client.identical.ms, 'ms'));
  }
  if (server) {
    section(`server: 100,000 titles, closed loop, ${server.durationMs / 1000} s per level (${server.search['1'].p50Ms.runs} runs)`);
    const labels = {
      search: 'multi search',
      discover: 'discover (films)',
      searchNew: 'multi search, each asked once',
      discoverNew: 'discover, each asked once',
      writes: 'list add/remove',
    };
    for (const operation of ['search', 'discover', 'searchNew', 'discoverNew', 'writes']) {
      for (const [level, figure] of Object.entries(server[operation] ?? {})) {
        const label = labels[operation];
        const limit = level !== '50' ? undefined : operation === 'search' || operation === 'discover' ? LIMITS.serverP95At50Ms : NEW_QUERIES.includes(operation) ? LIMITS.newQueryP95At50Ms : undefined;
        const target = limit?.text ?? '';
        rows.push(row(`${label} x${level} p50`, figure.p50Ms, 'ms'));
        rows.push(row(`${label} x${level} p95`, figure.p95Ms, 'ms', target));
        rows.push(row(`${label} x${level} p99`, figure.p99Ms, 'ms'));
        rows.push(row(`${label} x${level} throughput`, figure.perSecond, 'perSecond'));
        rows.push(row(`${label} x${level} server CPU (one core = 100%)`, figure.serverCpuShare, 'percent'));
      }
    }
  }
  return rows;
}

/** The Ink baseline's idle RSS: from the start-up runs, or measured by the memory section when they did not run. */
function inkIdleOf({ startup, posters }) {
  return startup?.memory.inkIdleRssBytes.median ?? posters?.inkIdleRssBytes;
}

export function formatTable(rows) {
  const header = ['figure', 'median', 'min', 'max', 'target / note'];
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Every goal, with the figure it is judged on (medians): met or missed, or not measured when its
 * section did not run. RSS after browsing is judged against the Ink baseline of the start-up
 * section, or, when it did not run, the baseline the memory section measures itself.
 */
export function targets(results) {
  const list = [];
  const add = (name, value, limit) => list.push({ name, value, limit: limit.text, met: limit.met(value) });
  const unmeasured = (name, limit, why) => list.push({ name, limit: limit.text, met: undefined, why });
  const { startup, keys, client, server, posters } = results;
  const startupGoals = [
    ['start-up: first frame vs Ink baseline', LIMITS.firstFrameVsInk, () => startup.firstFrameVsInk.median],
    ['start-up: first data row vs Ink baseline, embedded catalog', LIMITS.firstRowVsInk, () => startup.firstRowVsInk.median],
    ['start-up: first data row with a 1,000,000-letter word vs plain text', LIMITS.longWordRowVsPlain, () => startup.longWord.vsPlain.median],
    ['memory: idle RSS vs Ink baseline, embedded catalog', LIMITS.idleRssVsInk, () => startup.memory.idleVsInk.median],
    ['memory: idle RSS vs Ink baseline, remote service', LIMITS.remoteIdleRssVsInk, () => startup.memory.remoteIdleVsInk.median],
  ];
  for (const [name, limit, value] of startupGoals) startup ? add(name, value(), limit) : unmeasured(name, limit, 'the startup section did not run');
  const ink = inkIdleOf(results);
  for (const [name, key] of [['embedded catalog', 'embedded'], ['remote service', 'remote']]) {
    const figure = posters?.[key];
    const films = figure?.films ?? 100;
    const vsInk = `memory: RSS after ${films} films with posters vs Ink baseline, ${name}`;
    if (figure && ink) add(vsInk, figure.rssBytes / ink, LIMITS.postersRssVsInk);
    else unmeasured(vsInk, LIMITS.postersRssVsInk, 'the memory section did not run');
    const growth = `memory: RSS growth over the next ${films} films, ${name}`;
    if (figure) add(growth, figure.growth, LIMITS.postersGrowth);
    else unmeasured(growth, LIMITS.postersGrowth, 'the memory section did not run');
  }
  for (const [name, key] of [['list p95 (pages loading)', 'listWhileLoading'], ['list p95 (loaded)', 'listLoaded'], ['tab switch p95', 'tabs']]) {
    if (keys) add(`keys: ${name}, ms`, keys[key].p95Ms.median, LIMITS.keyToFrameP95Ms);
    else unmeasured(`keys: ${name}, ms`, LIMITS.keyToFrameP95Ms, 'the keys section did not run');
  }
  for (const [name, key] of [['list p95 (pages loading)', 'listWhileLoading'], ['list p95 (loaded)', 'listLoaded'], ['tab switch p95', 'tabs']]) {
    const label = `keys at 160x45, preview with poster: ${name}, ms`;
    if (keys?.wide) add(label, keys.wide[key].p95Ms.median, LIMITS.keyToFrameP95Ms);
    else unmeasured(label, LIMITS.keyToFrameP95Ms, 'the keys section did not run');
  }
  const soakName = 'soak: 1,000 films with posters, searches and lists end under the memory budget (1 = yes)';
  if (results.soak) list.push({ name: soakName.replace('1,000', results.soak.titles.toLocaleString('en')), value: results.soak.heldBudget ? 1 : 0, limit: 'held', met: results.soak.heldBudget });
  else list.push({ name: soakName, limit: 'held', met: undefined, why: 'the soak section did not run' });
  if (results.soak) add('soak: key to frame p95 while it runs, ms', results.soak.keys.p95, LIMITS.keyToFrameP95Ms);
  else unmeasured('soak: key to frame p95 while it runs, ms', LIMITS.keyToFrameP95Ms, 'the soak section did not run');
  const cpuName = 'client: caller CPU per request (cache off) vs undici Pool alone';
  if (client?.clientCpuVsPool) add(cpuName, client.clientCpuVsPool.median, LIMITS.clientCpuVsPool);
  else unmeasured(cpuName, LIMITS.clientCpuVsPool, 'the client section did not run');
  const serverGoals = [
    ['server: multi search p95 at 50 clients, ms', 'search', LIMITS.serverP95At50Ms],
    ['server: discover p95 at 50 clients, ms', 'discover', LIMITS.serverP95At50Ms],
    ['server: multi search asked once (a new query) p95 at 50 clients, ms', 'searchNew', LIMITS.newQueryP95At50Ms],
    ['server: discover asked once (a new query) p95 at 50 clients, ms', 'discoverNew', LIMITS.newQueryP95At50Ms],
  ];
  for (const [name, operation, limit] of serverGoals) {
    const figure = server?.[operation]?.['50'];
    if (figure) add(name, figure.p95Ms.median, limit);
    else unmeasured(name, limit, server ? 'not measured at 50 clients' : 'the server section did not run');
  }
  return list;
}

export function formatTargets(list) {
  return list
    .map((t) =>
      t.met === undefined
        ? `n/a     ${t.name}: not measured, ${t.why} (target ${t.limit})`
        : `${t.met ? 'met   ' : 'MISSED'}  ${t.name}: ${Number(t.value.toFixed(3))} (target ${t.limit})`,
    )
    .join('\n');
}
