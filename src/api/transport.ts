import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import type { Dispatcher, Pool } from 'undici';
import { listenForAbort } from './abort-listener.js';
import { NetworkError } from './errors.js';
import { toNetworkError } from './network-errors.js';

/** Response headers as undici gives them: lower-case names. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/**
 * The wire: one undici Pool per origin (keep-alive connections reused across calls), request
 * and response bodies as bytes, content-encoding decoded. Knows nothing about operations beyond
 * the label used in error messages.
 */

/** Real answers are well under a megabyte; anything near this is not a catalog answer. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

const decoders = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
} as const;
const inflateRawAsync = promisify(inflateRaw);

export interface WireRequest {
  /** Operation id, for error messages. */
  operation: string;
  /** How the request is named in messages, e.g. "GET /3/movie/550": never the query string. */
  label: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Absolute URL, query included. */
  url: URL;
  headers: Readonly<Record<string, string>>;
  body?: string;
  signal?: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export interface WireResponse {
  status: number;
  headers: ResponseHeaders;
  /** Decoded body. */
  body: Buffer;
}

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The seam between the client and the wire: Transport below, or another way to reach the service. */
export interface WireTransport {
  send(request: WireRequest): Promise<WireResponse>;
  close(): Promise<void>;
}

/** What the transport uses of undici: its connection pool and its error classes. */
interface Undici {
  readonly Pool: typeof import('undici').Pool;
  readonly errors: typeof import('undici').errors;
}
let undici: Promise<Undici> | undefined;
/**
 * undici, loaded with the first request sent over HTTP: a client that reaches its service
 * another way (the TUI's embedded catalog, through its thread's port) never loads it, and the
 * TUI's first requests to that catalog do not wait for its loading. Only the pool and the errors,
 * the modules of the package that the index would load them from: the index also evaluates
 * fetch, WebSocket, the caches, cookies and the mocks, nearly twice the code (about 40 against
 * 23 ms to load, bundled and from the compile cache), and against a remote service the first
 * request waits for it. The version is pinned (package.json) and the build fails if either path
 * goes; test/api/undici-parts.test.ts holds them to what the index exports.
 */
// CommonJS modules: their exports are the default export, bundled or not.
export const loadUndici = (): Promise<Undici> =>
  (undici ??= Promise.all([import('undici/lib/dispatcher/pool.js'), import('undici/lib/core/errors.js')]).then(
    ([pool, errors]) => (undiciLoaded = { Pool: pool.default, errors: errors.default }),
  ));
/** undici once loaded: a request sent after the first does not wait a turn for the import's promise. */
let undiciLoaded: Undici | undefined;

export class Transport implements WireTransport {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly connectTimeoutMs: number) {}

  private pool(origin: string, { Pool }: Undici): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 8,
        keepAliveTimeout: 30_000,
        connect: { timeout: this.connectTimeoutMs },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async send(request: WireRequest): Promise<WireResponse> {
    const { label } = request;
    let answer: CollectedAnswer;
    try {
      const loaded = undiciLoaded ?? (await loadUndici());
      answer = await collect(
        loaded,
        this.pool(request.url.origin, loaded),
        {
          method: request.method,
          path: `${request.url.pathname}${request.url.search}`,
          headers: request.headers,
          body: request.body,
          headersTimeout: request.headersTimeoutMs,
          bodyTimeout: request.bodyTimeoutMs,
        },
        request.signal,
      );
    } catch (error) {
      throw toNetworkError(request.operation, label, request.url.host, error);
    }
    const encoding = headerValue(answer.headers, 'content-encoding');
    const body =
      encoding === undefined
        ? answer.body
        : await decode(answer.body, encoding, (message, cause) => new NetworkError(request.operation, 'bad-body', message, { cause, request: label }));
    return { status: answer.status, headers: answer.headers, body };
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

interface CollectedAnswer {
  status: number;
  headers: ResponseHeaders;
  /** The body as sent (content codings not undone). */
  body: Buffer;
}

/**
 * Sends one request and gathers its whole answer in memory. Through undici's dispatch handler
 * rather than `request()`: a body read at once into a buffer needs no Readable stream and no
 * async iteration over it, which cost about as much CPU per call as the rest of the exchange.
 * Cancelling `signal` settles at once (a request still queued for a connection is dropped when
 * it reaches one); a body larger than MAX_BODY_BYTES ends the request.
 */
function collect({ errors }: Undici, pool: Pool, options: Dispatcher.DispatchOptions, signal: AbortSignal | undefined): Promise<CollectedAnswer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let abortedWith: Error | undefined;
    let stopListening = () => {};
    let settled = false;
    let status = 0;
    let headers: ResponseHeaders = {};
    let chunks: Buffer[] = [];
    let size = 0;

    const settle = (error: Error | undefined, answer?: CollectedAnswer) => {
      if (settled) return;
      settled = true;
      stopListening();
      if (error) reject(error);
      else resolve(answer!);
    };
    function onAbort() {
      // As undici's own request(): the signal's reason, else its "request aborted" error.
      abortedWith = (signal?.reason as Error | undefined) ?? new errors.RequestAbortedError();
      controller?.abort(abortedWith);
      settle(abortedWith);
    }

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        if (abortedWith) {
          started.abort(abortedWith);
          return;
        }
        controller = started;
        // Sent again after a failure at the head of a pipeline: nothing of the first try counts.
        chunks = [];
        size = 0;
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        // 1xx answers are interim: the real one follows on the same request.
        if (statusCode < 200) return;
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(current, chunk) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          const error = Object.assign(new Error('response body too large'), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' });
          current.abort(error);
          settle(error);
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle(undefined, { status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
      },
      onResponseError(_controller, error) {
        settle(error);
      },
    };

    if (signal?.aborted) {
      onAbort();
      return;
    }
    // Through listenForAbort: a write's signal may be the client's own, which outlives the call.
    if (signal) stopListening = listenForAbort(signal, onAbort);
    try {
      pool.dispatch(options, handler);
    } catch (error) {
      settle(error as Error);
    }
  });
}

/**
 * undici hands over the body as sent, so the content codings we advertised are
 * undone here, last applied first. A truncated or corrupt body is a 'bad-body' network error.
 */
async function decode(
  raw: Buffer,
  contentEncoding: string | undefined,
  fail: (message: string, cause?: unknown) => NetworkError,
): Promise<Buffer> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  const options: ZlibOptions = { maxOutputLength: MAX_BODY_BYTES };
  let body = raw;
  for (const coding of codings.reverse()) {
    if (body.length === 0) break;
    const decoder = decoders[coding as keyof typeof decoders];
    if (!decoder) throw fail(`the answer uses an unsupported content encoding "${coding}"`);
    try {
      body = await decoder(body, options);
    } catch (error) {
      // "deflate" is meant to be zlib-wrapped, but some servers send the raw stream.
      if (coding === 'deflate') {
        try {
          body = await inflateRawAsync(body, options);
          continue;
        } catch {
          // fall through to the error below, about the original failure
        }
      }
      throw fail(`the ${coding} body could not be decoded (truncated or corrupt)`, error);
    }
  }
  return body;
}
