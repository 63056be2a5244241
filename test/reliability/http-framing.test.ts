import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/harness.js';

/**
 * How the server answers requests refused for their framing, over raw sockets on loopback: a
 * 10 MB body gets 413 with the service's envelope every time (the body is read and thrown away
 * first, so the client never meets a closed connection while sending), and a missing or
 * repeated Host header gets 400 with the envelope (RFC 9112 section 3.2).
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.dispose());

interface Exchange {
  status: number;
  head: string;
  body: string;
  /** A write that failed (EPIPE, ECONNRESET): the server closed while the client was sending. */
  writeError?: string;
}

const TEN_MB = 10 * 1024 * 1024;

/** Sends `head` and then `bodyBytes` of JSON-ish filler (chunked when asked), and reads the answer until the server closes. */
function exchange(head: string, bodyBytes = 0, chunked = false): Promise<Exchange> {
  const port = Number(new URL(t.server.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let writeError: string | undefined;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no answer (${writeError ?? 'closed'}): ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const headPart = text.slice(0, split);
      let body = text.slice(split + 4);
      if (/^transfer-encoding: chunked/im.test(headPart)) body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(headPart.split(' ')[1]), head: headPart, body, ...(writeError ? { writeError } : {}) });
    });
    socket.on('connect', async () => {
      socket.write(head);
      const piece = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += piece.length) {
        const part = piece.subarray(0, Math.min(piece.length, bodyBytes - sent));
        const ok = socket.write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
        if (!ok) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    });
  });
}

const auth = () => `authorization: Bearer ${t.server.token}\r\n`;

function expectEnvelope(answer: Exchange, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(answer.body)).toEqual({ success: false, status_code: 47, status_message: 'The input is not valid.' });
}

describe('a body over the limit', () => {
  it('a 10 MB POST gets 413 with the envelope, every time, and the client sends it whole', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await exchange(`POST /3/list HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth()}content-type: application/json\r\ncontent-length: ${TEN_MB}\r\n\r\n`, TEN_MB);
      expect(answer.writeError).toBeUndefined();
      expectEnvelope(answer, 413);
    }
  });

  it('a 10 MB chunked POST (no length given) gets 413 with the envelope too', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await exchange(`POST /3/list HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth()}content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`, TEN_MB, true);
      expect(answer.writeError).toBeUndefined();
      expectEnvelope(answer, 413);
    }
  });

  it('the server goes on answering after them', async () => {
    const answer = await exchange(`GET /3/configuration HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth()}connection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
  });
});

describe('the Host header', () => {
  it('missing from an HTTP/1.1 request: 400 with the envelope', async () => {
    expectEnvelope(await exchange(`GET /3/configuration HTTP/1.1\r\n${auth()}\r\n`), 400);
  });

  it('given twice: 400 with the envelope, whether the two agree or not', async () => {
    expectEnvelope(await exchange(`GET /3/configuration HTTP/1.1\r\nhost: 127.0.0.1\r\nhost: 127.0.0.1\r\n${auth()}\r\n`), 400);
    expectEnvelope(await exchange(`GET /3/configuration HTTP/1.1\r\nHost: 127.0.0.1\r\nHOST: evil.example\r\n${auth()}\r\n`), 400);
  });

  it('missing from an HTTP/1.0 request, which needs none: answered', async () => {
    const answer = await exchange(`GET /3/configuration HTTP/1.0\r\n${auth()}\r\n`);
    expect(answer.status).toBe(200);
  });

  it('given once: answered', async () => {
    const answer = await exchange(`GET /3/configuration HTTP/1.1\r\nhost: 127.0.0.1\r\n${auth()}connection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
  });
});
