import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient, NetworkError, ServiceError } from '../../src/api/index.js';
import { startEmbeddedServer } from '../../src/commands/embedded-server.js';
import { SERVER_RESOURCE_LIMITS } from '../../src/commands/memory-budget.js';
import { ensureBundle, ROOT } from '../reliability/bundle.js';

/** The TUI's embedded catalog, on its worker thread (the built script) or in-process. */

const WORKER = pathToFileURL(join(ROOT, 'dist', 'embedded-server.js'));
let home: string;

beforeAll(async () => {
  await ensureBundle();
  home = mkdtempSync(join(tmpdir(), 'marquee-embedded-'));
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function validateKey(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/3/authentication`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

describe('the embedded catalog for the TUI', () => {
  it('runs on a worker thread from the built script, answers, and closes', async () => {
    const server = await startEmbeddedServer(join(home, 'worker'), WORKER);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await validateKey(server.url, server.token)).toBe(200);
    expect(server.demoAccount.username).toBe('marquee-demo');
    // Its V8 limits come from the memory budget (the catalog was generated within them).
    expect(server.resourceLimits).toMatchObject(SERVER_RESOURCE_LIMITS);
    await server.close();
    await expect(fetch(`${server.url}/3/authentication`)).rejects.toThrow();
  }, 60_000);

  it("answers the client through the thread's port as over HTTP, and refuses once closed", async () => {
    const server = await startEmbeddedServer(join(home, 'port'), WORKER);
    expect(server.transport).toBeDefined();
    const overPort = new CatalogClient({ baseUrl: server.url, token: server.token, transport: server.transport, cache: false, retry: { maxRetries: 0 } });
    const overHttp = new CatalogClient({ baseUrl: server.url, token: server.token, cache: false, retry: { maxRetries: 0 } });
    try {
      expect(await overPort.call('popularMovies', { query: { page: 2 } })).toEqual(await overHttp.call('popularMovies', { query: { page: 2 } }));
      const refusal = (call: Promise<unknown>) => call.then(() => undefined, (error: unknown) => error as ServiceError);
      const [port404, http404] = [await refusal(overPort.call('movieDetails', { path: { movie_id: 987_654_321 } })), await refusal(overHttp.call('movieDetails', { path: { movie_id: 987_654_321 } }))];
      expect(port404).toBeInstanceOf(ServiceError);
      expect({ status: port404?.httpStatus, code: port404?.statusCode }).toEqual({ status: http404?.httpStatus, code: http404?.statusCode });
    } finally {
      await overHttp.close();
    }
    await server.close();
    await expect(overPort.call('popularMovies')).rejects.toBeInstanceOf(NetworkError);
    await overPort.close();
  }, 60_000);

  it('runs in-process when there is no built worker script', async () => {
    const server = await startEmbeddedServer(join(home, 'in-process'), pathToFileURL(join(home, 'no-such-script.js')));
    expect(await validateKey(server.url, server.token)).toBe(200);
    await server.close();
  }, 60_000);

  it('outlives a catalog thread that runs out of memory once serving', async () => {
    // Says it is ready, then allocates past the thread's heap limit.
    const script = join(home, 'out-of-memory.mjs');
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready', url: 'http://127.0.0.1:9', token: 't', demoAccount: { username: 'u' } });
const kept = [];
setImmediate(() => { for (;;) kept.push(new Array(100_000).fill(kept.length)); });
`,
    );
    const server = await startEmbeddedServer(join(home, 'out-of-memory'), pathToFileURL(script));
    expect(server.resourceLimits).toMatchObject(SERVER_RESOURCE_LIMITS);
    // The thread never reads the close message: close ends once it has stopped, and nothing is left uncaught.
    await server.close();
  }, 60_000);

  it('says why when the worker cannot start the server', async () => {
    const blocked = join(home, 'blocked');
    writeFileSync(blocked, 'a file where the data directory should be');
    await expect(startEmbeddedServer(blocked, WORKER)).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|file already exists/i);
  }, 60_000);
});

/**
 * Starts and stops the worker 50 times in one child process, half of them closed gracefully and
 * half terminated as soon as they answer (a thread torn down with its statements still open is
 * what aborted better-sqlite3 12 on Node 24). The child must exit 0 with every cycle answered.
 */
const CYCLES_SCRIPT = `
import { Worker } from 'node:worker_threads';
const [script, dataDir, cycles] = process.argv.slice(-3);
let answered = 0;
for (let i = 0; i < Number(cycles); i++) {
  const worker = new Worker(new URL(script), { workerData: { dataDir }, execArgv: [] });
  const ready = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (ready.type !== 'ready') throw new Error('cycle ' + i + ': ' + JSON.stringify(ready));
  const response = await fetch(ready.url + '/3/search/multi?query=the', { headers: { authorization: 'Bearer ' + ready.token } });
  if (response.status === 200 && (await response.json()).results.length > 0) answered++;
  if (i % 2 === 0) {
    const closed = new Promise((resolve) => worker.once('message', resolve));
    worker.postMessage('close');
    await closed;
  }
  await worker.terminate();
}
process.stdout.write('answered ' + answered + '\\n');
`;

describe('the embedded catalog worker, started and stopped again and again', () => {
  it('starts and stops 50 times in one process, answers every time, and the process exits 0', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', CYCLES_SCRIPT, WORKER.href, join(home, 'cycles'), '50'],
      { encoding: 'utf8', timeout: 150_000 },
    );
    expect(result.signal, result.stderr).toBeNull();
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('answered 50');
    expect(result.status).toBe(0);
  }, 180_000);
});
