import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogClient, ImageFetchError } from '../../src/api/index.js';
import { TestServer } from './test-server.js';

/** Image bytes come through the client, without the catalog's token, and a 404 is an error. */

let server: TestServer;
let client: CatalogClient;

beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(async () => {
  await client?.close();
  await server.close();
});
beforeEach(async () => {
  server.reset();
  await client?.close();
  client = new CatalogClient({ baseUrl: server.url, token: 'secret-token', cache: false, retry: { maxRetries: 0 } });
});

describe('imageBytes', () => {
  it('returns the bytes as sent and sends no token to the image host', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    server.queue({ status: 200, headers: { 'content-type': 'image/png' }, body: png });
    const bytes = await client.imageBytes(`${server.url}/t/p/w92/a.png`);
    expect(bytes.equals(png)).toBe(true);
    expect(server.requests[0]!.path).toBe('/t/p/w92/a.png');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('says what the image service answered when it is not 200', async () => {
    const failure = await client.imageBytes(`${server.url}/t/p/w92/missing.png`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImageFetchError);
    expect(String(failure)).toContain('HTTP 404');
  });

  it('refuses an address that is not http or https, without a request', async () => {
    await expect(client.imageBytes('file:///etc/passwd')).rejects.toBeInstanceOf(ImageFetchError);
    expect(server.requests).toHaveLength(0);
  });

  it('ends the download when its signal is aborted', async () => {
    server.queue({ hang: true });
    const controller = new AbortController();
    const download = client.imageBytes(`${server.url}/t/p/w92/slow.png`, controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(download).rejects.toThrow();
  });
});
