import { Pool } from 'undici';
import { closedLoop } from '../lib/load.mjs';
import { latencySummary, seededRandom, spread } from '../lib/stats.mjs';
import { cpuMilliseconds } from '../lib/proc.mjs';

/**
 * The embedded server under load: multi search (E20) with varied queries, discover with varied
 * filters and sorts, and list writes (E7 add_item / E6 remove_item), each at 1, 10 and 50
 * concurrent clients. Searches and discovers go round 500 each, as people repeat and page back
 * (the server keeps pages it answered); they are measured again with every request one the server
 * has not seen, which is the cost of a new query. The server runs in
 * its own process (`marquee serve`); the load comes from this one over keep-alive connections,
 * one per client, with the headers Marquee's client sends.
 */

const QUERY_COUNT = 500;

/** The headers Marquee's client sends; the load asks for compressed answers as it does. */
function loadHeaders(token) {
  return { ...plainHeaders(token), 'accept-encoding': 'gzip, deflate, br' };
}

/** For setting up: answers this module reads itself, so uncompressed. */
function plainHeaders(token) {
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

async function getJson(pool, token, path) {
  const { statusCode, body } = await pool.request({ method: 'GET', path, headers: plainHeaders(token) });
  const text = await body.text();
  if (statusCode !== 200) throw new Error(`GET ${path.split('?')[0]}: HTTP ${statusCode}`);
  return JSON.parse(text);
}

async function send(pool, token, method, path, payload) {
  const { statusCode, body } = await pool.request({
    method,
    path,
    headers: payload === undefined ? plainHeaders(token) : { ...plainHeaders(token), 'content-type': 'application/json;charset=utf-8' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await body.text();
  // Never the query string in a message: it holds the session id.
  if (statusCode < 200 || statusCode >= 300) throw new Error(`${method} ${path.split('?')[0]}: HTTP ${statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

const postJson = (pool, token, path, payload) => send(pool, token, 'POST', path, payload);

/**
 * Queries people would type, made from the catalog itself: a word of a title, the start of a
 * word, two words of a title, a whole title, a person's name; mostly the first page.
 */
async function searchQueries(pool, token) {
  const titles = [];
  for (let page = 1; page <= 5; page++) {
    const movies = await getJson(pool, token, `/3/movie/popular?page=${page}`);
    const series = await getJson(pool, token, `/3/tv/popular?page=${page}`);
    titles.push(...movies.results.map((m) => m.title), ...series.results.map((s) => s.name));
  }
  const names = [];
  for (let id = 1; id <= 40; id++) names.push((await getJson(pool, token, `/3/person/${id}`)).name);
  const words = [...new Set(titles.flatMap((title) => title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []))];

  const random = seededRandom(20);
  const pick = (array) => array[Math.floor(random() * array.length)];
  const makers = [
    [0.35, () => pick(words)],
    [0.2, () => {
      const word = pick(words.filter((w) => w.length >= 4));
      return word.slice(0, 3 + Math.floor(random() * (word.length - 3)));
    }],
    [0.2, () => {
      const parts = pick(titles).toLowerCase().match(/[\p{L}\p{N}]+/gu);
      const start = Math.floor(random() * Math.max(1, parts.length - 1));
      return parts.slice(start, start + 2).join(' ');
    }],
    [0.15, () => pick(titles)],
    [0.1, () => (random() < 0.5 ? pick(names) : pick(names).split(' ')[0])],
  ];
  return Array.from({ length: QUERY_COUNT }, () => {
    let roll = random();
    const [, make] = makers.find(([share]) => (roll -= share) < 0) ?? makers[0];
    const page = random() < 0.9 ? 1 : 2 + Math.floor(random() * 2);
    return `/3/search/multi?${new URLSearchParams({ query: make(), page: String(page) })}`;
  });
}

/** What discover is asked to sort by: every documented order of films, as a browsing user picks them. */
const DISCOVER_SORTS = [
  'popularity.desc', 'popularity.desc', 'popularity.desc', 'vote_average.desc', 'vote_count.desc',
  'primary_release_date.desc', 'primary_release_date.asc', 'revenue.desc', 'title.asc', 'original_title.asc',
];

/**
 * Discover as the Discover screen asks it: one to three filters (genres with AND or OR, a year
 * range, a vote floor with a count floor, an original language, a company the catalog names)
 * and a sort, mostly the first page.
 */
async function discoverQueries(pool, token) {
  const genres = (await getJson(pool, token, '/3/genre/movie/list')).genres.map((g) => g.id);
  const companies = [];
  for (let id = 1; id <= 20; id++) companies.push(...(await getJson(pool, token, `/3/movie/${id}`)).production_companies.map((c) => c.id));
  const languages = ['en', 'fr', 'de', 'es', 'ja', 'ko', 'it', 'sv'];
  const random = seededRandom(21);
  const pick = (array) => array[Math.floor(random() * array.length)];
  const filters = [
    () => ({ with_genres: random() < 0.6 ? String(pick(genres)) : `${pick(genres)}${random() < 0.5 ? ',' : '|'}${pick(genres)}` }),
    () => {
      const from = 1980 + Math.floor(random() * 40);
      return { 'primary_release_date.gte': `${from}-01-01`, 'primary_release_date.lte': `${from + 1 + Math.floor(random() * 10)}-12-31` };
    },
    () => ({ 'vote_average.gte': String(5 + Math.floor(random() * 8) / 2), 'vote_count.gte': String(pick([0, 50, 200])) }),
    () => ({ with_original_language: pick(languages) }),
    () => ({ with_companies: String(pick(companies)) }),
  ];
  return Array.from({ length: QUERY_COUNT }, () => {
    const chosen = new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(filters)));
    const query = Object.assign({}, ...[...chosen].map((make) => make()));
    const page = random() < 0.9 ? 1 : 2 + Math.floor(random() * 2);
    return `/3/discover/movie?${new URLSearchParams({ ...query, sort_by: pick(DISCOVER_SORTS), page: String(page) })}`;
  });
}

/** Signs in the demo account (request token, login, session) and creates one list per client. */
async function listsForClients(pool, token, demoAccount, count) {
  const { request_token: requestToken } = await getJson(pool, token, '/3/authentication/token/new');
  await postJson(pool, token, '/3/authentication/token/validate_with_login', {
    username: demoAccount.username,
    password: demoAccount.password,
    request_token: requestToken,
  });
  const { session_id: sessionId } = await postJson(pool, token, '/3/authentication/session/new', { request_token: requestToken });
  const lists = [];
  for (let i = 0; i < count; i++) {
    const created = await postJson(pool, token, `/3/list?session_id=${encodeURIComponent(sessionId)}`, {
      name: `Benchmark list ${i + 1}`,
      description: 'made by npm run bench',
      language: 'en',
    });
    lists.push(created.list_id);
  }
  return { sessionId, lists };
}

/** Deletes the lists and signs the session out, so the kept data directory does not collect them run after run. */
async function removeLists(pool, token, sessionId, lists) {
  const session = encodeURIComponent(sessionId);
  for (const listId of lists) await send(pool, token, 'DELETE', `/3/list/${listId}?session_id=${session}`);
  await send(pool, token, 'DELETE', '/3/authentication/session', { session_id: sessionId });
}

export async function serverBenchmark({ server, movieCount, levels, runs, durationMs, warmupMs, log }) {
  const setupPool = new Pool(server.url, { connections: 4 });
  try {
    const queries = await searchQueries(setupPool, server.token);
    const discoveries = await discoverQueries(setupPool, server.token);
    // Each order's permutation is read from SQLite on its first use (tenths of a second on the
    // 100,000-title catalog): asked once here, so the first level measured does not pay it (on a
    // loaded machine one client's second could pass with no answer at all).
    for (const sort of new Set(DISCOVER_SORTS)) await getJson(setupPool, server.token, `/3/discover/movie?sort_by=${sort}`);
    const { sessionId, lists } = await listsForClients(setupPool, server.token, server.demoAccount, Math.max(...levels));
    try {
      // Each client adds a film to its own list, then removes it, then adds the next one.
      const session = encodeURIComponent(sessionId);
      const writers = lists.map((listId, i) => ({ listId, session, onList: undefined, next: 1 + ((i * 997) % movieCount) }));
      return await measure({ server, queries, discoveries, writers, movieCount, levels, runs, durationMs, warmupMs, log });
    } finally {
      await removeLists(setupPool, server.token, sessionId, lists);
    }
  } finally {
    await setupPool.close();
  }
}

/** The paths of a list, one a call, round and round. */
function cycle(paths) {
  let next = 0;
  return () => paths[next++ % paths.length];
}

/** GETs in a closed loop, each of the path `nextPath()` gives. */
function get(pool, headers, name, nextPath) {
  return async () => {
    const path = nextPath();
    const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
    await body.text();
    if (statusCode !== 200) throw new Error(`${name}: HTTP ${statusCode} for ${path.split('?')[0]}`);
  };
}

/**
 * Variants of the benchmark's searches and discovers that ask for the same answers in words the
 * server has not seen in this run, so its cache of answered pages cannot serve them: a search's
 * text in other letter case followed by spaces and punctuation (the search ignores both), a discover with a
 * runtime range wider than every film's (78 to 168 minutes). Each variant is used once.
 */
const IGNORED = [' ', '.', ',', '-', '!', '?', ';', ':'];

function unseenVariants(queries, discoveries) {
  const random = seededRandom(22);
  const sent = new Set();
  const fresh = (make) => {
    for (;;) {
      const path = make();
      if (!sent.has(path)) {
        sent.add(path);
        return path;
      }
    }
  };
  let nextSearch = 0;
  let nextDiscover = 0;
  return {
    search: () => {
      const [address, query] = queries[nextSearch++ % queries.length].split('?');
      return fresh(() => {
        const params = new URLSearchParams(query);
        const text = [...params.get('query')].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
        // Eight characters the search reads as no word: millions of variants, even of "70".
        params.set('query', text + Array.from({ length: 8 }, () => IGNORED[Math.floor(random() * IGNORED.length)]).join(''));
        return `${address}?${params}`;
      });
    },
    discover: () => {
      const path = discoveries[nextDiscover++ % discoveries.length];
      return fresh(() => `${path}&with_runtime.gte=${Math.floor(random() * 78)}&with_runtime.lte=${169 + Math.floor(random() * 10_000)}`);
    },
  };
}

async function measure({ server, queries, discoveries, writers, movieCount, levels, runs, durationMs, warmupMs, log }) {
  const unseen = unseenVariants(queries, discoveries);
  const operations = {
    search: (pool, headers) => get(pool, headers, 'search', cycle(queries)),
    discover: (pool, headers) => get(pool, headers, 'discover', cycle(discoveries)),
    // The same mixes, each request one the server has not answered before (its page cache misses).
    searchNew: (pool, headers) => get(pool, headers, 'search (new)', unseen.search),
    discoverNew: (pool, headers) => get(pool, headers, 'discover (new)', unseen.discover),
    writes: (pool, headers) => async (client) => {
      const writer = writers[client];
      const adding = writer.onList === undefined;
      const mediaId = adding ? writer.next : writer.onList;
      const path = `/3/list/${writer.listId}/${adding ? 'add_item' : 'remove_item'}?session_id=${writer.session}`;
      const { statusCode, body } = await pool.request({
        method: 'POST',
        path,
        headers: { ...headers, 'content-type': 'application/json;charset=utf-8' },
        body: JSON.stringify({ media_id: mediaId }),
      });
      await body.text();
      if (statusCode < 200 || statusCode >= 300) throw new Error(`${adding ? 'add_item' : 'remove_item'}: HTTP ${statusCode}`);
      if (adding) {
        writer.onList = mediaId;
        writer.next = (writer.next % movieCount) + 1;
      } else {
        writer.onList = undefined;
      }
    },
  };

  const samples = {};
  for (let run = 0; run < runs; run++) {
    for (const operation of Object.keys(operations)) {
      for (const concurrency of levels) {
        const pool = new Pool(server.url, { connections: concurrency, pipelining: 1 });
        try {
          const request = operations[operation](pool, loadHeaders(server.token));
          const cpuBefore = cpuMilliseconds(server.pid);
          const startedAt = performance.now();
          const result = await closedLoop({ concurrency, durationMs, warmupMs, request });
          // How busy the server was: near 100% means one core is the limit.
          const serverCpu = (cpuMilliseconds(server.pid) - cpuBefore) / (performance.now() - startedAt);
          if (result.failures > 0) throw new Error(`${operation} at ${concurrency}: ${result.failures} failed, first: ${result.firstFailure?.message}`);
          const summary = latencySummary(result.latencies);
          const key = `${operation}@${concurrency}`;
          (samples[key] ??= []).push({ ...summary, throughput: result.throughput, serverCpu });
          log(
            `server run ${run + 1}/${runs}: ${operation} x${concurrency}: p50 ${summary.p50.toFixed(2)} ms, ` +
              `p95 ${summary.p95.toFixed(2)} ms, ${result.throughput.toFixed(0)}/s, server CPU ${(serverCpu * 100).toFixed(0)}%`,
          );
        } finally {
          await pool.close();
        }
      }
    }
  }

  const figures = {};
  for (const [key, perRun] of Object.entries(samples)) {
    const [operation, concurrency] = key.split('@');
    (figures[operation] ??= {})[concurrency] = {
      p50Ms: spread(perRun.map((r) => r.p50)),
      p95Ms: spread(perRun.map((r) => r.p95)),
      p99Ms: spread(perRun.map((r) => r.p99)),
      perSecond: spread(perRun.map((r) => r.throughput)),
      serverCpuShare: spread(perRun.map((r) => r.serverCpu)),
      requestsPerRun: spread(perRun.map((r) => r.count)),
    };
  }
  return { durationMs, warmupMs, distinctQueries: new Set(queries).size, distinctDiscoveries: new Set(discoveries).size, ...figures };
}
