import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { type TestServer, startTestServer } from '../server/harness.js';

/**
 * Item: server resources. Requests that trickle in are closed at the request timeout, on every
 * route, the unauthenticated approval POST included; 64 clients asking for distinct large
 * images at once get them all without holding up the API; HEAD creates nothing and draws nothing.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ requestTimeoutMs: 1_000 });
});
afterAll(() => t.dispose());

/** Sends `head`, then one byte of body every 100 ms; resolves with what the server said once it closed. */
function trickle(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(t.server.url).port), '127.0.0.1');
    let answer = '';
    const drip = setInterval(() => socket.writable && socket.write('a'), 100);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => {
      clearInterval(drip);
      resolve(answer);
    });
    socket.on('error', (error) => {
      clearInterval(drip);
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as NodeJS.ErrnoException).code === 'EPIPE') resolve(answer);
      else reject(error);
    });
    socket.write(head);
  });
}

describe('requests that trickle in', () => {
  it.each([
    ['the approval POST', 'POST /authenticate/0123456789abcdef0123456789abcdef01234567/allow HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 1000\r\n\r\n'],
    ['an API POST', 'POST /3/list HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization: Bearer ${TOKEN}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n'],
    ['headers that never end', 'GET /3/configuration HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '],
  ])('%s is closed at the request timeout', async (_what, head) => {
    const answer = await trickle(head.replace('${TOKEN}', t.server.token));
    // Node answers 408 when it can; either way the connection is gone and nothing was served.
    expect(answer.slice(0, 200)).toMatch(/^(|HTTP\/1\.1 408 [^]*)$/);
    expect((await t.client.call('configuration')).images.base_url).toContain('/t/p/');
  }, 20_000);
});

describe('images', () => {
  it('64 distinct large images at once: all drawn, and the API answers while they are', async () => {
    const files = Array.from({ length: 64 }, (_, i) => `w${String(i).padStart(2, '0')}AAAAAAAAAAAAAAAAAAAAAAAA.jpg`);
    let imagesDone = 0;
    const images = files.map(async (file) => {
      const response = await request(`${t.server.url}/t/p/original/${file}`);
      const body = Buffer.from(await response.body.arrayBuffer());
      imagesDone++;
      return { status: response.statusCode, size: body.length };
    });
    const apiAnswered = t.client.call('movieDetails', { path: { movie_id: 1 } }).then(() => imagesDone);
    const doneBeforeApi = await apiAnswered;
    const results = await Promise.all(images);
    expect(results.every((r) => r.status === 200 && r.size > 1000)).toBe(true);
    // Drawing is bounded and off the event loop: the API did not wait for the whole burst.
    expect(doneBeforeApi).toBeLessThan(64);
  }, 60_000);

  it('HEAD says whether an image exists without drawing it; HEAD on a GET that creates is refused', async () => {
    const head = await request(`${t.server.url}/t/p/w92/tHEADAAAAAAAAAAAAAAAAAAAAAA.jpg`, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    await head.body.dump();
    const missing = await request(`${t.server.url}/t/p/w92/nothing.jpg`, { method: 'HEAD' });
    expect(missing.statusCode).toBe(404);
    await missing.body.dump();
    for (const path of ['/3/authentication/token/new', '/3/authentication/guest_session/new']) {
      const refused = await request(`${t.server.url}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${t.server.token}` } });
      expect(refused.statusCode, path).toBe(405);
      await refused.body.dump();
    }
    const config = await request(`${t.server.url}/3/configuration`, { method: 'HEAD', headers: { authorization: `Bearer ${t.server.token}` } });
    expect(config.statusCode).toBe(200);
    await config.body.dump();
  });
});
