import { forEachConcurrently } from '../lib/load.mjs';
import { seededRandom, spread } from '../lib/stats.mjs';

/**
 * The client (src/api) against `marquee serve` in another process, next to Node's global fetch
 * making the same requests (same URLs, same headers, same concurrency).
 *
 * - throughput of 1,000 mixed GETs: fetch, the client with its cache off (every call goes to the
 *   server, like fetch; the client still validates every answer with zod, fetch only parses
 *   JSON), and the client with its cache on (repeated URLs answered from memory); beside it,
 *   the CPU time this process spends per request, which the shared server does not blur;
 * - a cached call: the same view asked for again while fresh;
 * - 50 identical GETs at once: how many requests reach the server.
 */

const OPERATIONS = 1000;
const CONCURRENCY = 10;
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
  const urlOf = ({ key, path = {}, query = {} }) => {
    const url = new URL(expandPath(operations[key].path, path), server.url);
    for (const [name, value] of Object.entries(query)) url.searchParams.append(name, String(value));
    return url.href;
  };
  const urls = requests.map(urlOf);
  const distinct = new Set(urls).size;
  // The headers the client sends.
  const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

  const withFetch = () =>
    forEachConcurrently(urls, CONCURRENCY, async (url) => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`fetch ${new URL(url).pathname}: HTTP ${response.status}`);
      await response.json();
    });
  const withClient = (client) =>
    forEachConcurrently(requests, CONCURRENCY, (request) => client.call(request.key, { path: request.path, query: request.query }));
  const newClient = (cache) => new CatalogClient({ baseUrl: server.url, token: server.token, cache });

  // One uncached client for all rounds, as fetch keeps its global connection pool.
  const uncached = newClient(false);
  const figures = {
    fetch: [], uncached: [], cached: [], uncachedRatio: [], cachedRatio: [], cachedRequests: [], cachedCallMs: [], cachedPageMs: [],
    identicalRequests: [], identicalMs: [], fetchCpuMs: [], uncachedCpuMs: [], cpuRatio: [],
  };
  /** Runs `work` and returns its wall time and the CPU time this process spent meanwhile (ms). */
  const timed = async (work) => {
    const cpuBefore = process.cpuUsage();
    const ms = await work();
    const cpu = process.cpuUsage(cpuBefore);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  try {
    // Warm-up: JIT, connections, the server's own first-request costs.
    await withFetch();
    await withClient(uncached);

    for (let run = 0; run < runs; run++) {
      const { ms: fetchMs, cpuMs: fetchCpuMs } = await timed(withFetch);
      const { ms: uncachedMs, cpuMs: uncachedCpuMs } = await timed(() => withClient(uncached));
      figures.fetchCpuMs.push(fetchCpuMs / OPERATIONS);
      figures.uncachedCpuMs.push(uncachedCpuMs / OPERATIONS);
      figures.cpuRatio.push(fetchCpuMs / uncachedCpuMs);
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
      const opsPerSecond = (ms) => (OPERATIONS / ms) * 1000;
      figures.fetch.push(opsPerSecond(fetchMs));
      figures.uncached.push(opsPerSecond(uncachedMs));
      figures.cached.push(opsPerSecond(cachedMs));
      figures.uncachedRatio.push(fetchMs / uncachedMs);
      figures.cachedRatio.push(fetchMs / cachedMs);

      const identical = await identicalGets(newClient(true), 'tvDetails', { path: { series_id: 10 + run } });
      figures.identicalRequests.push(identical.requests);
      figures.identicalMs.push(identical.ms);
      log(`client run ${run + 1}/${runs}: fetch ${opsPerSecond(fetchMs).toFixed(0)}/s, client ${opsPerSecond(uncachedMs).toFixed(0)}/s (no cache), ${opsPerSecond(cachedMs).toFixed(0)}/s (cache)`);
    }
  } finally {
    await uncached.close();
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
