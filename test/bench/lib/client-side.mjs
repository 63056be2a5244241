/**
 * One side of the client section in a process of its own (forked by sections/client.mjs): global
 * fetch, the client with its cache off, or undici's Pool alone, making the requests the section
 * hands it. Each side has its own heap, so the garbage one side leaves is collected in its own
 * process and counted in its own CPU time, not in another side's turn.
 *
 * Over the IPC channel (the token travels there, never on a command line):
 *   { setup: { side, bundle, baseUrl, token, requests, concurrency } } -> { ready: true }
 *   { run: [from, to] } -> { ms, cpuMs }: the wall time and this process's CPU time (user +
 *     system, every thread: the garbage collector's included) for requests[from..to)
 *   { close: true } -> the process closes its connections and exits
 */
import { forEachConcurrently } from './load.mjs';

// The headers the client sends.
const headersOf = (token) => ({ authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' });

/** The side's `run(slice)` (resolves with its wall time, ms) and `close()`. */
async function sideOf({ side, bundle, baseUrl, token, requests, concurrency }) {
  const { CatalogClient, Pool, operations, expandPath } = await import(bundle);
  const urls = requests.map(({ key, path = {}, query = {} }) => {
    const url = new URL(expandPath(operations[key].path, path), baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.append(name, String(value));
    return url.href;
  });
  const headers = headersOf(token);
  switch (side) {
    case 'fetch':
      return {
        run: (slice) =>
          forEachConcurrently(urls.slice(...slice), concurrency, async (url) => {
            const response = await fetch(url, { headers });
            if (!response.ok) throw new Error(`fetch ${new URL(url).pathname}: HTTP ${response.status}`);
            await response.json();
          }),
        close: async () => undefined,
      };
    case 'client': {
      // One uncached client for every slice, as fetch keeps its global connection pool.
      const client = new CatalogClient({ baseUrl, token, cache: false });
      return {
        run: (slice) =>
          forEachConcurrently(requests.slice(...slice), concurrency, (request) => client.call(request.key, { path: request.path, query: request.query })),
        close: () => client.close(),
      };
    }
    case 'pool': {
      // As many connections as requests at once, as fetch's global agent opens.
      const pool = new Pool(new URL(baseUrl).origin, { connections: concurrency });
      const paths = urls.map((url) => url.slice(new URL(url).origin.length));
      return {
        run: (slice) =>
          forEachConcurrently(paths.slice(...slice), concurrency, async (path) => {
            const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
            const text = await body.text();
            if (statusCode !== 200) throw new Error(`undici ${path}: HTTP ${statusCode}`);
            JSON.parse(text);
          }),
        close: () => pool.close(),
      };
    }
    default:
      throw new Error(`unknown side ${side}`);
  }
}

let running;
process.on('message', (message) => {
  void (async () => {
    try {
      if (message.setup) {
        running = await sideOf(message.setup);
        process.send({ ready: true });
      } else if (message.run) {
        const before = process.cpuUsage();
        const ms = await running.run(message.run);
        const cpu = process.cpuUsage(before);
        process.send({ ms, cpuMs: (cpu.user + cpu.system) / 1000 });
      } else if (message.close) {
        await running?.close();
        process.disconnect();
      }
    } catch (error) {
      process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
