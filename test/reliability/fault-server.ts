import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { request as forward } from 'undici';

/**
 * A loopback HTTP server that misbehaves on purpose, for the client's fault matrix and for the
 * TUI and secrets tests. Every request is recorded, then answered by a Behaviour: a healthy JSON
 * answer, or one of the faults below (a dropped connection, a body cut off half-way, headers or
 * body slower than the client's timeout, a gzip stream that ends early, an HTML page...).
 *
 * Delayed answers use timers that close() cancels, and sockets are destroyed on close, so a test
 * never leaves anything running.
 */

export interface SeenRequest {
  method: string;
  path: string;
  /** Path and query exactly as received (session ids travel in the query). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Exchange {
  request: SeenRequest;
  res: ServerResponse;
  socket: Socket;
  /** Runs fn after ms unless the server closed first or the client hung up. */
  later(ms: number, fn: () => void): void;
}

export type Behaviour = (exchange: Exchange) => void;

const JSON_TYPE = 'application/json;charset=utf-8';

/** The service's error envelope. */
export const envelope = (statusCode: number, message: string) => ({
  success: false,
  status_code: statusCode,
  status_message: message,
});

export const faults = {
  /** A JSON answer with the given status. */
  json(status: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
    return ({ res }) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': bytes.length, ...headers });
      res.end(bytes);
    };
  },

  /** Any bytes with the given status and content type. */
  raw(status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): Behaviour {
    return ({ res }) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
      res.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length, ...headers });
      res.end(bytes);
    };
  },

  /** Closes the connection without a byte of answer. */
  dropConnection(): Behaviour {
    return ({ socket }) => socket.destroy();
  },

  /** Promises the whole body in Content-Length, sends the first part, then resets the connection. */
  resetMidBody(body: unknown): Behaviour {
    return ({ res, socket }) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': bytes.length });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 3)), () => socket.destroy());
    };
  },

  /** Answers correctly, but only after `ms`: longer than the client waits for headers. */
  slowHeaders(ms: number, body: unknown): Behaviour {
    return (exchange) => exchange.later(ms, () => faults.json(200, body)(exchange));
  },

  /** Sends the headers and half of the body at once, the rest only after `ms`. */
  slowBody(ms: number, body: unknown): Behaviour {
    return ({ res, later }) => {
      const bytes = Buffer.from(JSON.stringify(body));
      const half = Math.floor(bytes.length / 2);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': bytes.length });
      res.write(bytes.subarray(0, half));
      later(ms, () => res.end(bytes.subarray(half)));
    };
  },

  /** A gzip body cut in half, with a Content-Length that matches what is sent: a complete but corrupt answer. */
  truncatedGzip(body: unknown): Behaviour {
    return ({ res }) => {
      const gz = gzipSync(Buffer.from(JSON.stringify(body)));
      const cut = gz.subarray(0, Math.floor(gz.length / 2));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', 'content-length': cut.length });
      res.end(cut);
    };
  },

  /**
   * Passes the request on to a real server and its answer back, so a fault can be injected in
   * one place while everything else works. Asks for an uncompressed answer to pass it as is.
   */
  proxyTo(origin: string): Behaviour {
    return ({ request, res }) => {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept', 'if-none-match', 'user-agent']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      forward(`${origin}${request.url}`, {
        method: request.method as 'GET',
        headers,
        body: request.body === '' ? undefined : request.body,
      })
        .then(async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          const passed: Record<string, string> = { 'content-length': String(body.length) };
          for (const name of ['content-type', 'etag', 'cache-control']) {
            const value = answer.headers[name];
            if (typeof value === 'string') passed[name] = value;
          }
          res.writeHead(answer.statusCode, passed);
          res.end(body);
        })
        .catch(() => res.socket?.destroy());
    };
  },
} as const;

/** The first behaviours once each, in order, then `rest` for every later request. */
export function sequence(first: Behaviour[], rest: Behaviour): Behaviour {
  const queue = [...first];
  return (exchange) => (queue.shift() ?? rest)(exchange);
}

export class FaultServer {
  readonly requests: SeenRequest[] = [];
  private behaviour: Behaviour = faults.json(404, envelope(34, 'The resource you requested could not be found.'));
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FaultServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const instance = new FaultServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    server.on('request', (req, res) => instance.receive(req, res));
    return instance;
  }

  /** How every following request is answered. Also forgets the requests seen so far. */
  answer(behaviour: Behaviour): this {
    this.requests.length = 0;
    this.behaviour = behaviour;
    return this;
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    // A client that gave up leaves this response without a socket; writing to it is harmless.
    res.on('error', () => undefined);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', this.url).pathname,
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(request);
      const socket = req.socket;
      this.behaviour({
        request,
        res,
        socket,
        later: (ms, fn) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            if (!socket.destroyed) fn();
          }, ms);
          this.timers.add(timer);
        },
      });
    });
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Runs `run` against a server of its own that answers with `behaviour`, then closes it. */
export async function withFaultServer<T>(behaviour: Behaviour, run: (server: FaultServer) => Promise<T>): Promise<T> {
  const server = await FaultServer.start();
  server.answer(behaviour);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

/** A loopback port with nothing listening on it: bound, then released. */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
