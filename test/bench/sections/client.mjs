import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CLIENT_BUNDLE } from '../lib/bundles.mjs';
import { forEachConcurrently } from '../lib/load.mjs';
import { cpuMilliseconds } from '../lib/proc.mjs';
import { seededRandom, spread } from '../lib/stats.mjs';

/**
 * The client (src/api) against `marquee serve` in another process, next to Node's global fetch
 * making the same requests (same URLs, same headers, same concurrency).
 *
 * - throughput of 1,000 mixed GETs: fetch, the client with its cache off (every call goes to the
 *   server, like fetch; the client still checks every answer against the contract, with a
 *   check compiled from its zod schemas and zod itself for a body that check cannot vouch for,
 *   fetch only parses JSON), and the client with its cache on (repeated URLs answered from
 *   memory); beside it, the CPU time the calling process spends per request, which the shared
 *   server does not blur;
 * - for reference, undici's Pool alone making the same requests (the bytes read and parsed as
 *   JSON, nothing else): what any client can reach against this server on this machine, and the
 *   server's CPU share meanwhile (a server at one full core is the limit, not the caller);
 * - a cached call: the same view asked for again while fresh;
 * - 50 identical GETs at once: how many requests reach the server.
 *
 * fetch, the uncached client and the Pool each run in a process of their own (lib/client-side.mjs,
 * on the client bundle), taking turns a slice at a time, and each reports the CPU time its own
 * process spent on a slice. In one process they shared one heap, so a collection of the garbage
 * one side left often fell in another side's turn, and the ratio of two sides swung across runs
 * by more than any change to the client moved it.
 */

const OPERATIONS = 1000;
const CONCURRENCY = 10;
/** Requests per slice when fetch and the client take turns (see `interleaved`). */
const SLICE = 100;
const ALL = [0, OPERATIONS];
const IDENTICAL = 50;
const CACHED_CALLS = 1000;

/** 1,000 mixed catalog reads; ids come from a narrow range so some URLs repeat, as browsing does. */
function mixedRequests(shape) {
  const random = seededRandom(6);
  const pick = (n) => 1 + Math.floor(random() * n);
  const words = ['river', 'lantern', 'harbor', 'silent', 'golden', 'orchard', 'midnight', 'compass', 'nadia', 'kingdom'];
  const kinds = [
    () => ({ key: 'movieDetails', path: { movie_id: pick(Math.min(300, shape.movieCount)) } }),
    () => ({ key: 'popularMovies', query: { page: pick(20) } }),
    () => ({ key: 'topRatedMovies', query: { page: pick(10) } }),
    () => ({ key: 'tvDetails', path: { series_id: pick(Math.min(150, shape.seriesCount)) } }),
    () => ({ key: 'seasonDetails', path: { series_id: pick(Math.min(150, shape.seriesCount)), season_number: 1 } }),
    () => ({ key: 'episodeDetails', path: { series_id: pick(Math.min(150, shape.seriesCount)), season_number: 1, episode_number: pick(6) } }),
    () => ({ key: 'personDetails', path: { person_id: pick(Math.min(200, shape.personCount)) } }),
    () => ({ key: 'movieImages', path: { movie_id: pick(Math.min(300, shape.movieCount)) } }),
    () => ({ key: 'popularTv', query: { page: pick(10) } }),
    () => ({ key: 'searchMulti', query: { query: words[pick(words.length) - 1], page: pick(3) } }),
    () => ({ key: 'collectionDetails', path: { collection_id: pick(shape.collectionCount) } }),
  ];
  return Array.from({ length: OPERATIONS }, () => kinds[pick(kinds.length) - 1]());
}

export async function clientBenchmark({ server, catalogSize, runs, bundle, log }) {
  const { CatalogClient, operations, expandPath, catalogShape } = bundle;
  // How many films, series, people and collections exist depends on the size alone, not the seed.
  const requests = mixedRequests(catalogShape(0, catalogSize));
  const distinct = new Set(requests.map(({ key, path = {}, query = {} }) => `${expandPath(operations[key].path, path)}?${new URLSearchParams(query)}`)).size;

  const withClient = (client, slice = ALL) =>
    forEachConcurrently(requests.slice(...slice), CONCURRENCY, (request) => client.call(request.key, { path: request.path, query: request.query }));
  const newClient = (cache) => new CatalogClient({ baseUrl: server.url, token: server.token, cache });

  const figures = {
    fetch: [], uncached: [], cached: [], uncachedRatio: [], cachedRatio: [], cachedRequests: [], cachedCallMs: [], cachedPageMs: [],
    identicalRequests: [], identicalMs: [], fetchCpuMs: [], uncachedCpuMs: [], cpuRatio: [], cpuVsPool: [],
    pool: [], poolRatio: [], poolCpuMs: [], serverCpuFetch: [], serverCpuUncached: [],
  };
  const setup = { bundle: CLIENT_BUNDLE, baseUrl: server.url, token: server.token, requests, concurrency: CONCURRENCY };
  const sides = await Promise.all(['fetch', 'client', 'pool'].map((side) => startSide({ ...setup, side })));
  /** Runs a slice on a side: its wall time, the CPU time its process spent meanwhile, and the server's (ms). */
  const timed = async (side, slice) => {
    const serverBefore = cpuMilliseconds(server.pid);
    const { ms, cpuMs } = await side.run(slice);
    return { ms, cpuMs, serverCpuMs: cpuMilliseconds(server.pid) - serverBefore };
  };
  /**
   * Every request twice on each side, a slice at a time, each slice in the order fetch, client,
   * pool, pool, client, fetch: the other processes of a busy machine come and go within tens of
   * milliseconds, and this way they weigh on every side alike. Sums over all slices.
   */
  const interleaved = async () => {
    const sums = sides.map(() => ({ ms: 0, cpuMs: 0, serverCpuMs: 0 }));
    for (let from = 0; from < OPERATIONS; from += SLICE) {
      const slice = [from, Math.min(OPERATIONS, from + SLICE)];
      for (const side of [0, 1, 2, 2, 1, 0]) {
        const took = await timed(sides[side], slice);
        for (const key of Object.keys(took)) sums[side][key] += took[key];
      }
    }
    const [fetched, client, pooled] = sums;
    return { fetched, client, pooled };
  };
  const sent = 2 * OPERATIONS;
  const opsPerSecond = (ms, count = OPERATIONS) => (count / ms) * 1000;
  try {
    // Warm-up: JIT, connections, the server's own first-request costs.
    for (const side of sides) await side.run(ALL);
    const warmUp = newClient(true);
    try {
      await withClient(warmUp);
    } finally {
      await warmUp.close();
    }

    for (let run = 0; run < runs; run++) {
      const { fetched, client, pooled } = await interleaved();
      const fetchMs = fetched.ms / 2;
      const uncachedMs = client.ms / 2;
      figures.fetchCpuMs.push(fetched.cpuMs / sent);
      figures.uncachedCpuMs.push(client.cpuMs / sent);
      figures.cpuRatio.push(fetched.cpuMs / client.cpuMs);
      figures.pool.push(opsPerSecond(pooled.ms, sent));
      figures.poolRatio.push(fetched.ms / pooled.ms);
      figures.poolCpuMs.push(pooled.cpuMs / sent);
      figures.cpuVsPool.push(client.cpuMs / pooled.cpuMs);
      figures.serverCpuFetch.push(fetched.serverCpuMs / fetched.ms);
      figures.serverCpuUncached.push(client.serverCpuMs / client.ms);
      const cachedClient = newClient(true);
      let cachedMs;
      try {
        cachedMs = await withClient(cachedClient);
        figures.cachedRequests.push(cachedClient.stats.requests);
        figures.cachedCallMs.push(await timeCachedCalls(cachedClient, 'movieDetails', { path: { movie_id: 1 + run } }));
        figures.cachedPageMs.push(await timeCachedCalls(cachedClient, 'popularMovies', { query: { page: 1 + run } }));
      } finally {
        await cachedClient.close();
      }
      figures.fetch.push(opsPerSecond(fetchMs));
      figures.uncached.push(opsPerSecond(uncachedMs));
      figures.cached.push(opsPerSecond(cachedMs));
      figures.uncachedRatio.push(fetchMs / uncachedMs);
      figures.cachedRatio.push(fetchMs / cachedMs);

      const identical = await identicalGets(newClient(true), 'tvDetails', { path: { series_id: 10 + run } });
      figures.identicalRequests.push(identical.requests);
      figures.identicalMs.push(identical.ms);
      log(
        `client run ${run + 1}/${runs}: fetch ${opsPerSecond(fetchMs).toFixed(0)}/s, client ${opsPerSecond(uncachedMs).toFixed(0)}/s (no cache), ` +
          `${opsPerSecond(cachedMs).toFixed(0)}/s (cache), undici Pool alone ${opsPerSecond(pooled.ms, sent).toFixed(0)}/s; ` +
          `CPU per request, client / Pool alone ${(client.cpuMs / pooled.cpuMs).toFixed(2)}x`,
      );
    }
  } finally {
    await Promise.all(sides.map((side) => side.close()));
  }

  return {
    operations: OPERATIONS,
    distinctUrls: distinct,
    concurrency: CONCURRENCY,
    fetchOpsPerSecond: spread(figures.fetch),
    clientUncachedOpsPerSecond: spread(figures.uncached),
    clientCachedOpsPerSecond: spread(figures.cached),
    uncachedVsFetch: spread(figures.uncachedRatio),
    cachedVsFetch: spread(figures.cachedRatio),
    cachedRunRequests: spread(figures.cachedRequests),
    // The server's share is the same for both; what the calling process spends per request is not.
    fetchCpuMsPerRequest: spread(figures.fetchCpuMs),
    clientUncachedCpuMsPerRequest: spread(figures.uncachedCpuMs),
    fetchCpuVsClient: spread(figures.cpuRatio),
    poolOpsPerSecond: spread(figures.pool),
    poolVsFetch: spread(figures.poolRatio),
    poolCpuMsPerRequest: spread(figures.poolCpuMs),
    // The client's own cost: the CPU the calling process spends per request, against undici's Pool alone.
    clientCpuVsPool: spread(figures.cpuVsPool),
    serverCpuShareFetch: spread(figures.serverCpuFetch),
    serverCpuShareUncached: spread(figures.serverCpuUncached),
    cachedCallMs: spread(figures.cachedCallMs),
    cachedPageMs: spread(figures.cachedPageMs),
    identical: { calls: IDENTICAL, serverRequests: spread(figures.identicalRequests), ms: spread(figures.identicalMs) },
  };
}

/** Mean time of a call answered from the cache: the first call fills it, the next ones are timed. */
async function timeCachedCalls(client, key, args) {
  await client.call(key, args);
  const before = client.stats.requests;
  const startedAt = performance.now();
  for (let i = 0; i < CACHED_CALLS; i++) await client.call(key, args);
  const ms = (performance.now() - startedAt) / CACHED_CALLS;
  if (client.stats.requests !== before) throw new Error(`${key}: ${client.stats.requests - before} of ${CACHED_CALLS} repeated calls went to the server`);
  return ms;
}

/** 50 identical GETs at once on a fresh client: requests the server saw, and the time until all were answered. */
async function identicalGets(client, key, args) {
  try {
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: IDENTICAL }, () => client.call(key, args)));
    return { requests: client.stats.requests, ms: performance.now() - startedAt };
  } finally {
    await client.close();
  }
}

const SIDE_SCRIPT = fileURLToPath(new URL('../lib/client-side.mjs', import.meta.url));

/**
 * Forks a process running one side (lib/client-side.mjs) and resolves once it is set up:
 * { run([from, to]) -> { ms, cpuMs }, close() }. One message at a time: the section awaits each.
 */
async function startSide(setup) {
  const child = fork(SIDE_SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ask = (message) =>
    new Promise((resolve, reject) => {
      const onExit = (code, signal) => reject(new Error(`the ${setup.side} side ended (code ${code}, signal ${signal})`));
      child.once('exit', onExit);
      child.once('message', (answer) => {
        child.off('exit', onExit);
        if (answer.error) reject(new Error(`the ${setup.side} side: ${answer.error}`));
        else resolve(answer);
      });
      child.send(message);
    });
  try {
    await ask({ setup });
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    run: (slice) => ask({ run: slice }),
    async close() {
      if (child.connected) child.send({ close: true });
      await exited;
    },
  };
}
