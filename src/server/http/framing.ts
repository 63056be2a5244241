import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES } from './bodies.js';
import { ApiError } from './errors.js';

/**
 * Requests refused for how they are framed, before any route reads them, with the service's
 * envelope: a body over the limit (413) and a missing or repeated Host header (400).
 */

/**
 * How much of a body over the limit is read and thrown away before the 413 is sent. A client
 * that is still sending when the connection closes gets a broken pipe and, often, never reads
 * the answer; reading the rest first lets it finish and read. Past this, the connection is
 * closed after the answer whatever the client is doing.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

/** Resolves once the body of `raw` has been read whole (true) or DISCARD_LIMIT_BYTES was passed, or it failed (false). */
function discardBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFail);
      raw.off('close', onFail);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_LIMIT_BYTES) {
        raw.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(raw.complete);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onFail);
    raw.on('close', onFail);
    raw.resume();
  });
}

function sendRefusal(reply: FastifyReply, httpStatus: number, error: ApiError): FastifyReply {
  return reply
    .code(httpStatus)
    .header('cache-control', 'no-store')
    // The request was refused for its framing: nothing more is read on this connection.
    .header('connection', 'close')
    .type('application/json; charset=utf-8')
    .send(error.body);
}

/**
 * 413 with the envelope (status_code 47, the service's code for input it does not take) for a
 * body over BODY_LIMIT_BYTES, sent once the body is read and thrown away (up to
 * DISCARD_LIMIT_BYTES), then the connection is closed.
 */
export async function refuseOversizedBody(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  await discardBody(request.raw);
  return sendRefusal(reply, 413, new ApiError(47));
}

/** How many Host header lines `raw` carried (Node keeps only the first in `headers`). */
function hostLines(raw: IncomingMessage): number {
  let lines = 0;
  for (let i = 0; i < raw.rawHeaders.length; i += 2) if (raw.rawHeaders[i]!.toLowerCase() === 'host') lines++;
  return lines;
}

/**
 * Checks every request's framing before routing (the server is created with Node's own Host
 * check off, which answers 400 with an empty body):
 * - RFC 9112 section 3.2: an HTTP/1.1 request without Host, or any request with more than one
 *   Host line, is 400 status_code 47;
 * - a declared Content-Length over BODY_LIMIT_BYTES is 413 (see refuseOversizedBody). A chunked
 *   body that grows past the limit is refused the same way from the error handler.
 */
export function checkFraming(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const hosts = hostLines(raw);
    if (hosts > 1 || (hosts === 0 && raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1)) {
      await discardBody(raw);
      return sendRefusal(reply, 400, new ApiError(47));
    }
    const declared = Number(raw.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return refuseOversizedBody(request, reply);
    return undefined;
  });
}
