import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { Pool } from 'undici';
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
  headers: Record<string, string>;
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

export class Transport {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly connectTimeoutMs: number) {}

  private pool(origin: string): Pool {
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
    const host = request.url.host;
    let response;
    try {
      response = await this.pool(request.url.origin).request({
        method: request.method,
        path: `${request.url.pathname}${request.url.search}`,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        headersTimeout: request.headersTimeoutMs,
        bodyTimeout: request.bodyTimeoutMs,
      });
    } catch (error) {
      throw toNetworkError(request.operation, label, host, error);
    }

    let raw: Buffer;
    try {
      raw = await readLimited(response.body);
    } catch (error) {
      throw toNetworkError(request.operation, label, host, error);
    }
    const encoding = headerValue(response.headers, 'content-encoding');
    const body = await decode(raw, encoding, (message, cause) =>
      new NetworkError(request.operation, 'bad-body', message, { cause, request: label }),
    );
    return { status: response.statusCode, headers: response.headers, body };
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      const error = Object.assign(new Error('response body too large'), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' });
      body.destroy(error);
      throw error;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * undici's `request` hands over the body as sent, so the content codings we advertised are
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
