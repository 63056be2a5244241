import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/api/errors.js';
import { MAX_BODY_BYTES, Transport, type WireRequest } from '../../src/api/transport.js';

/**
 * The wire on its own, for what the client tests cannot reach: interim (1xx) answers, a body
 * larger than any catalog answer, and a request cancelled while it still waits for a connection.
 */

let server: Server;
let origin: string;
const sockets = new Set<Socket>();
/** Answers of requests told to wait, ended when a test is done with them. */
const waiting: ServerResponse[] = [];
/** Once set, requests told to wait are answered at once. */
let released = false;
/** Every path the server was asked for. */
const asked: string[] = [];

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  asked.push(path);
  if (path === '/hints') {
    res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"after":"hints"}');
  } else if (path === '/huge') {
    // Chunked, so only the bytes themselves can tell the client it is too much.
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const more = () => {
      while (sent <= MAX_BODY_BYTES && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  } else if (path === '/wait' && !released) {
    waiting.push(res);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path }));
  }
}

beforeAll(async () => {
  server = createServer(route);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function get(path: string, signal?: AbortSignal): WireRequest {
  return {
    operation: 'E0',
    label: `GET ${path}`,
    method: 'GET',
    url: new URL(path, origin),
    headers: { accept: 'application/json' },
    signal,
    headersTimeoutMs: 5_000,
    bodyTimeoutMs: 5_000,
  };
}

async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof NetworkError)) throw new Error(`expected a NetworkError, got ${String(outcome)}`);
  return outcome;
}

describe('the transport', () => {
  it('reads the final answer after interim 1xx ones', async () => {
    const transport = new Transport(5_000);
    try {
      const answer = await transport.send(get('/hints'));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ after: 'hints' });
    } finally {
      await transport.close();
    }
  });

  it('ends a body larger than MAX_BODY_BYTES with a bad-body error, and the next request still works', async () => {
    const transport = new Transport(5_000);
    try {
      const error = await failure(transport.send(get('/huge')));
      expect(error.kind).toBe('bad-body');
      expect(error.message).toContain('GET /huge');
      const next = await transport.send(get('/after-huge'));
      expect(JSON.parse(next.body.toString('utf8'))).toEqual({ path: '/after-huge' });
    } finally {
      await transport.close();
    }
  });

  it('a request cancelled while every connection is busy ends at once, and is never sent', async () => {
    const transport = new Transport(5_000);
    const busy: Array<Promise<unknown>> = [];
    try {
      // More requests that never end than the pool has connections: the last one queues.
      for (let i = 0; i < 16; i++) busy.push(transport.send(get('/wait')).catch(() => undefined));
      await expect.poll(() => waiting.length).toBeGreaterThanOrEqual(8);
      const sentBefore = waiting.length;
      const controller = new AbortController();
      const queued = transport.send(get('/queued', controller.signal));
      const abortedAt = performance.now();
      controller.abort();
      const error = await failure(queued);
      expect(error.kind).toBe('aborted');
      expect(performance.now() - abortedAt).toBeLessThan(1_000);
      expect(sentBefore).toBeLessThan(16);
      // The waiting requests end; the cancelled one must not go out on a connection they free.
      released = true;
      for (const res of waiting.splice(0)) res.end('{}');
      await Promise.all(busy);
      const next = await transport.send(get('/after-queued'));
      expect(JSON.parse(next.body.toString('utf8'))).toEqual({ path: '/after-queued' });
      expect(asked).not.toContain('/queued');
    } finally {
      released = true;
      for (const res of waiting.splice(0)) res.end('{}');
      await transport.close();
    }
  });
});
