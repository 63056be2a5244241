import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * A real HTTP server on 127.0.0.1, on a port the system picks, for client tests. It records
 * every request and answers from a script: queued answers first (in order), then the default
 * handler. Answers can be compressed, truncated, delayed forever ("hang") or cut off.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  /** The raw query string including "?", or "". */
  search: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
  /** Compress the body and say so in Content-Encoding. */
  encoding?: 'gzip' | 'br' | 'deflate';
  /** Send only the first half of the (compressed) body, with a matching Content-Length. */
  truncate?: boolean;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
  /** Send the headers and half the body, then nothing more (the body timeout must fire). */
  stall?: boolean;
  /** Close the connection without an answer. */
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

export const notFound: Handler = () => ({
  status: 404,
  body: { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' },
});

export class TestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queued: Array<ScriptedResponse | Handler> = [];
  private handler: Handler = notFound;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** A server again on the address of one that was closed (a service coming back). */
  static async startOn(url: string): Promise<TestServer> {
    return TestServer.start(Number(new URL(url).port));
  }

  static async start(port = 0): Promise<TestServer> {
    let instance: TestServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          search: url.search,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        instance!.requests.push(recorded);
        void instance!.answer(recorded).then((scripted) => {
          if (scripted.hang) return;
          if (scripted.destroy) {
            req.socket.destroy();
            return;
          }
          const { status, headers, body } = render(scripted);
          res.writeHead(status, headers);
          if (scripted.stall) res.write(body.subarray(0, Math.floor(body.length / 2)));
          else res.end(body);
        });
      });
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const bound = (server.address() as AddressInfo).port;
    instance = new TestServer(server, `http://127.0.0.1:${bound}`);
    server.on('connection', (socket) => {
      instance!.sockets.add(socket);
      socket.on('close', () => instance!.sockets.delete(socket));
    });
    return instance;
  }

  /** Answers every request not served by the queue. */
  handle(handler: Handler): this {
    this.handler = handler;
    return this;
  }

  /** Answers the next requests, in order, before the default handler. */
  queue(...responses: Array<ScriptedResponse | Handler>): this {
    this.queued.push(...responses);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queued.length = 0;
    this.handler = notFound;
  }

  private async answer(request: RecordedRequest): Promise<ScriptedResponse> {
    const next = this.queued.shift() ?? this.handler;
    return typeof next === 'function' ? next(request) : next;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function render(scripted: ScriptedResponse): { status: number; headers: Record<string, string>; body: Buffer } {
  const headers: Record<string, string> = { ...scripted.headers };
  let body: Buffer;
  if (scripted.body === undefined) body = Buffer.alloc(0);
  else if (Buffer.isBuffer(scripted.body)) body = scripted.body;
  else if (typeof scripted.body === 'string') body = Buffer.from(scripted.body);
  else {
    body = Buffer.from(JSON.stringify(scripted.body));
    headers['content-type'] ??= 'application/json;charset=utf-8';
  }
  if (scripted.encoding) {
    body = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync }[scripted.encoding](body);
    headers['content-encoding'] = scripted.encoding;
  }
  if (scripted.truncate) body = body.subarray(0, Math.floor(body.length / 2));
  headers['content-length'] = String(body.length);
  return { status: scripted.status ?? 200, headers, body };
}

/** A loopback port with nothing listening: a server is started on it, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
