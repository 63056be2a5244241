import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient, NetworkError } from '../../src/api/index.js';
import { runApiCommand } from '../../src/commands/api.js';

/**
 * Item: --timeout is a deadline for the whole call, retries included. A service that drips a
 * byte of its body every 100 ms never trips the pause timeout, nor does one that answers
 * 503 and asks for a retry; the deadline ends both.
 */

let server: Server;
let url: string;
let requests = 0;
let home: string;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'marquee-deadline-'));
  server = createServer((req, res) => {
    requests++;
    if (req.url?.startsWith('/3/movie/503')) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ success: false, status_code: 46, status_message: 'Unavailable.' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"id": 1, ');
    const drip = setInterval(() => res.write(' '), 100);
    timers.add(drip);
    res.on('close', () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => undefined, (error: unknown) => error);
}

describe('the deadline of a call', () => {
  it('cuts off a body that drips a byte at a time', async () => {
    const client = new CatalogClient({ baseUrl: url, token: 'deadline-token', timeoutMs: 5_000, deadlineMs: 1_200, retry: { maxRetries: 0 } });
    const error = await failureOf(client.call('movieDetails', { path: { movie_id: 1 } }));
    await client.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as NetworkError).message).toContain('no complete answer within 1200 ms (the whole call, retries included)');
  });

  it('includes the retries and the waits between them', async () => {
    const before = requests;
    const client = new CatalogClient({ baseUrl: url, token: 'deadline-token', deadlineMs: 600, retry: { maxRetries: 5, baseDelayMs: 5_000, maxDelayMs: 5_000 } });
    const error = await failureOf(client.call('movieDetails', { path: { movie_id: 503 } }));
    await client.close();
    expect((error as NetworkError).kind).toBe('timeout');
    // One try, then the wait for the next (asked for 1 s, policy 5 s) outlasts the deadline.
    expect(requests - before).toBe(1);
  });

  it('marquee api --timeout ends a dripping answer with exit 4 and one line', async () => {
    let stdout = '';
    let stderr = '';
    const code = await runApiCommand(['/3/movie/7', '--timeout', '1200'], {
      env: { MARQUEE_BASE_URL: url, MARQUEE_TOKEN: 'deadline-token', XDG_CONFIG_HOME: join(home, 'config'), MARQUEE_DATA_DIR: join(home, 'data') },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    });
    expect(code).toBe(4);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^marquee api: .*no complete answer within 1200 ms \(the whole call, retries included\)\n$/);
  });
});
