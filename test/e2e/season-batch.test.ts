import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../reliability/bundle.js';
import { startTestServer, type TestServer } from '../server/harness.js';
import { episodeRatings, KEYS, openFirstSeason, spawnMarquee, waitForScreen, type PtySession } from './pty-harness.js';

/**
 * Rating a whole season with one value, in a terminal, against a service that goes away halfway:
 * the TUI talks to the catalog through a proxy that drops the connection of every rating after
 * the first few, as a server that stopped would.
 */

let session: PtySession | undefined;
let catalog: TestServer | undefined;
let proxy: Server | undefined;

beforeAll(() => ensureBundle(), 180_000);
afterEach(async () => {
  await session?.dispose();
  session = undefined;
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
  await catalog?.dispose();
  catalog = undefined;
});

interface RatingProxy {
  readonly url: string;
  /** Ratings let through before the connection of each next one is dropped; Infinity lets all through. */
  allowRatings: number;
  /** Rating requests that reached the catalog. */
  ratingsPassed: number;
}

async function startProxy(target: string): Promise<RatingProxy> {
  const state = { url: '', allowRatings: Infinity, ratingsPassed: 0 };
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const isRating = req.method === 'POST' && /\/rating(\?|$)/.test(req.url ?? '');
      if (isRating && state.ratingsPassed >= state.allowRatings) {
        req.socket.destroy();
        return;
      }
      if (isRating) state.ratingsPassed++;
      const headers = { ...req.headers };
      // The proxy passes bodies on as they are: no compression to undo.
      delete headers.host;
      delete headers.connection;
      delete headers['accept-encoding'];
      request(`${target}${req.url}`, { method: req.method as 'GET', headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          const type = answer.headers['content-type'];
          res.writeHead(answer.statusCode, typeof type === 'string' ? { 'content-type': type } : {});
          res.end(body);
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return state;
}

describe('rating a whole season in a terminal', () => {
  it('rates every unrated episode with one value, keeps the rest on this machine when the service goes away, and sends them when it is back', async () => {
    catalog = await startTestServer();
    const through = await startProxy(catalog.server.url);
    session = spawnMarquee({ args: ['--base-url', through.url], env: { MARQUEE_TOKEN: catalog.server.token } });
    const pty = session;
    await openFirstSeason(pty);
    const count = Number(/(\d+) episodes · first aired/.exec(await pty.waitForText(/\d+ episodes · first aired/))![1]);
    expect(count).toBeGreaterThanOrEqual(6);
    const first = await waitForScreen(pty, (s) => episodeRatings(s).size === count, `the ${count} episode rows`);
    const episodes = [...episodeRatings(first).keys()];
    expect(episodes.every((e) => episodeRatings(first).get(e) === '·')).toBe(true);

    // The service answers the first three ratings, then goes away.
    through.allowRatings = 3;
    await pty.press('a');
    await pty.waitForText(`Rate ${episodes.length} episodes (S1 E1–E${episodes.length})`);
    await pty.press('7', KEYS.enter);
    const left = episodes.length - 3;
    const kept = await pty.waitForText(`Rated 3 of ${episodes.length}; the service does not answer, so ${left} ratings are kept on this machine`);
    const afterStop = episodeRatings(kept);
    expect([1, 2, 3].map((e) => afterStop.get(e))).toEqual(['7.0', '7.0', '7.0']);
    // The rest shows as pending (the ellipsis), counted in the header.
    expect(episodes.slice(3).every((e) => afterStop.get(e) === '7.0…')).toBe(true);
    await pty.waitForText(`${left} ratings kept to send`);
    expect(through.ratingsPassed).toBe(3);

    // It is back: the kept ratings go out by themselves, in order, at the next try.
    through.allowRatings = Infinity;
    await waitForScreen(pty, (s) => episodes.every((e) => episodeRatings(s).get(e) === '7.0'), 'every episode rated 7.0', 60_000);
    await pty.waitForText(`Sent ${left} ratings kept on this machine`);
    expect(through.ratingsPassed).toBe(episodes.length);
  }, 150_000);
});
