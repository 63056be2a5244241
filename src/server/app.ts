import type { Duplex } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { matchPath } from '../contract/index.js';
import type { HandlerMap, ServerContext } from './handlers/context.js';
import { BODY_LIMIT_BYTES, acceptJsonBodies } from './http/bodies.js';
import { type HttpServer, IDLE_CONNECTION_MS, REQUEST_TIMEOUT_MS, type RequestListener, httpOptions } from './http/node-server.js';
import { type FaultRule, registerFaults } from './faults.js';
import { addEntityTags } from './http/caching.js';
import { checkFraming, refuseOversizedBody } from './http/framing.js';
import { explainDataDirFailure } from './diagnostics.js';
import { ApiError, ErrorsArrayError } from './http/errors.js';
import { registerImages } from './routes/images.js';
import { registerOperations } from './routes/operations.js';
import { registerApprovalPages } from './routes/pages.js';
import { registerWatchPages } from './routes/watch-pages.js';
import { unimplementedLine, unimplementedOperation } from './routes/unimplemented.js';
import { registerVersion4Only } from './routes/version-4-only.js';

// Not `import ... from 'node:http'`: an ES import of node:http reads every export, and its
// WebSocket getter loads Node's own copy of undici (~50 ms and ~13 MiB at start-up).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

export interface AppOptions {
  accessToken: string;
  handlers: HandlerMap;
  logger: boolean;
  /** A request (headers and body) must arrive within this; default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /**
   * Told of each request for an operation of the real interface this server does not implement
   * (one line naming it) when the request log is off; with the log on, the line goes there.
   */
  onUnimplemented?: (line: string) => void;
  /**
   * Whether answers are compressed for a client that asks. Off on loopback: there bytes cost
   * nothing, and compressing costs the server and the client CPU on every answer.
   */
  compressResponses: boolean;
  /** Where the request log goes when `logger` is on; default stdout. */
  logStream?: { write(line: string): unknown };
  /**
   * Told of each 500 caused by the disk (full, read-only, not ours), with the line that names
   * the path and the fix, whether or not the request log is on: a person running the server
   * must hear of it.
   */
  onDiskFailure?: (line: string) => void;
  /** The database file the disk failures are said of. */
  userDatabase?: string;
  /** Faults on demand (faults.ts), drawn from the seed. */
  faults?: { rules: readonly FaultRule[]; seed: number };
  /**
   * Hands over a server made by httpServer() (http/node-server.ts) that already listens, for the
   * app to serve instead of making its own, and takes the app's request handler: the embedded
   * catalog reserves its address at once and builds the app only when a browser first asks (the
   * TUI's own requests are answered in its thread, in-thread.ts).
   */
  serverFactory?: (handler: RequestListener) => HttpServer;
}


/**
 * Requests and answers are checked with zod (routes/operations.ts); no route gives fastify a JSON
 * schema, so its compilers are never asked for. Named here, fastify does not load and build its
 * default ones (Ajv and fast-json-stringify, 106 modules) when the app is made: Fastify() took
 * about 60 ms without them named and 8-14 ms with, on the embedded catalog's start path. A route
 * that did declare a schema fails to start the server, with this reason.
 */
const noJsonSchemas = () => () => {
  throw new Error('routes here declare no JSON schema: requests and answers are checked with zod');
};

function sendError(reply: FastifyReply, error: ApiError | ErrorsArrayError): FastifyReply {
  const status = error instanceof ApiError ? error.httpStatus : 422;
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(error.body);
}

/**
 * Turns any failure into the service's envelope: our own refusals as they are; fastify's
 * refusals of the request itself (unreadable, wrong content type) as 400
 * status_code 47; an unknown address as 404 status_code 34; and a bug as 500 status_code 11,
 * without details.
 */
function toServiceError(error: FastifyError): ApiError | ErrorsArrayError {
  if (error instanceof ApiError || error instanceof ErrorsArrayError) return error;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 404) return new ApiError(34);
  if (status >= 400 && status < 500) return new ApiError(47);
  return new ApiError(11);
}

/**
 * Requests Node's HTTP parser refuses before any route sees them (a bad Content-Length, headers
 * too large, garbage, too slow) still get the service's envelope: 431 for oversized headers, 408
 * for a request that did not arrive in time, else 400; status_code 47. The connection is closed after it, as Node does.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(new ApiError(47).body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * A request path fit for the log: no query string, no request token or guest session, in every form the router
 * accepts (repeated slashes, a trailing slash, percent-encoded letters of "authenticate").
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0]!.split('#')[0]!.replace(/\/{2,}/g, '/');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judged as sent.
  }
  // A guest session's rated lists name the session in the path.
  const guest = /^((?:\/3)?\/guest_session\/)[^/]+/i;
  if (guest.test(decoded)) return encodedAgain(decoded.replace(guest, '$1[guest session]'));
  if (/^\/authenticate(\/|$)/i.test(decoded)) {
    return encodedAgain(decoded.replace(/^\/authenticate\/[^/]*/i, '/authenticate/[request token]').replace(/^\/authenticate$/i, '/authenticate'));
  }
  return path;
}

/**
 * A decoded path with what was percent-encoded on the wire encoded again: a client's %C2%9B
 * (CSI) or %E2%80%AE (a right-to-left override) would otherwise reach the terminal that shows
 * the log (the log's JSON escapes C0 controls only).
 */
function encodedAgain(decoded: string): string {
  return decoded.replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c));
}

export async function buildApp(server: ServerContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          // Query strings carry api_key and session ids, and the approval page's path carries a
          // request token that can become a session: log paths only, with that token hidden.
          serializers: {
            req: (request: { method: string; url: string }) => ({ method: request.method, path: loggablePath(request.url) }),
          },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    schemaController: { compilersFactory: { buildValidator: noJsonSchemas, buildSerializer: noJsonSchemas } },
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_CONNECTION_MS,
    http: httpOptions(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
    // The server made beforehand is served as it is (fastify adds its clientError handler to it).
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    // Addresses the router cannot even read (bad escapes, absurdly long ids) name nothing.
    frameworkErrors: (_error, _request, reply) => {
      sendError(reply, new ApiError(34));
    },
    clientErrorHandler: answerMalformedRequest,
    // E21 is written /3/certification//tv/list in the spec; both spellings reach the same route.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
  });

  acceptJsonBodies(app);
  checkFraming(app);

  /** An operation of the real interface we do not implement is named in one line; true when it was one. */
  const reportUnimplemented = (request: FastifyRequest): boolean => {
    const unimplemented = unimplementedOperation(request.method, request.url);
    if (!unimplemented) return false;
    const line = unimplementedLine(unimplemented);
    if (options.logger) request.log.warn(line);
    else options.onUnimplemented?.(line);
    return true;
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A chunked body that grew past the limit while it was read: 413, as a declared one gets.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuseOversizedBody(request, reply);
    const answer = toServiceError(error);
    if (answer instanceof ApiError && answer.statusCode === 11) {
      request.log.error({ err: error }, 'request failed');
      const disk = options.userDatabase ? explainDataDirFailure(error, options.userDatabase, 'serving') : undefined;
      if (disk) options.onDiskFailure?.(`${request.method} ${loggablePath(request.url)} failed (HTTP 500): ${disk.message}`);
    }
    if (answer instanceof ApiError && answer.statusCode === 34) reportUnimplemented(request);
    return sendError(reply, answer);
  });

  app.setNotFoundHandler((request, reply) => {
    // An operation of the real interface we do not implement: 404 status_code 34, and named.
    if (reportUnimplemented(request)) return sendError(reply, new ApiError(34));
    // An address the table knows, asked with another method: 405 status_code 42.
    const matches = request.url.startsWith('/3/') ? matchPath(request.url) : [];
    return sendError(reply, new ApiError(matches.length > 0 ? 42 : 34));
  });

  if (options.compressResponses) {
    // Loaded only here: with its streams and MIME table it is a fifth of the server's code, and the
    // embedded catalog (loopback, no compression) starts without reading it.
    const { default: compress } = await import('@fastify/compress');
    await app.register(compress, { global: true, encodings: ['gzip', 'deflate'], threshold: 1024 });
  }
  addEntityTags(app);
  if (options.faults) registerFaults(app, options.faults.rules, options.faults.seed);
  registerOperations(app, server, options.handlers, options.accessToken);
  registerVersion4Only(app, options.accessToken);
  registerApprovalPages(app, server);
  registerWatchPages(app, server);
  registerImages(app);
  await app.ready();
  return app;
}
