import { describe, expect } from 'vitest';
import { CatalogClient, ImageFetchError } from '../../src/api/index.js';
import { serverTest } from './server-fixture.js';

/** Image bytes come through the client, without the catalog's token, and a 404 is an error. */

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  const client = new CatalogClient({ baseUrl: server.url, token: 'secret-token', cache: false, retry: { maxRetries: 0 } });
  onCleanup(() => client.close());
  return client;
});

describe('imageBytes', () => {
  test('returns the bytes as sent and sends no token to the image host', async ({ server, client }) => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    server.queue({ status: 200, headers: { 'content-type': 'image/png' }, body: png });
    const bytes = await client.imageBytes(`${server.url}/t/p/w92/a.png`);
    expect(bytes.equals(png)).toBe(true);
    expect(server.requests[0]!.path).toBe('/t/p/w92/a.png');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  test('says what the image service answered when it is not 200', async ({ server, client }) => {
    const failure = await client.imageBytes(`${server.url}/t/p/w92/missing.png`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImageFetchError);
    expect(String(failure)).toContain('HTTP 404');
  });

  test('refuses an address that is not http or https, without a request', async ({ server, client }) => {
    await expect(client.imageBytes('file:///etc/passwd')).rejects.toBeInstanceOf(ImageFetchError);
    expect(server.requests).toHaveLength(0);
  });

  test('ends the download when its signal is aborted', async ({ server, client }) => {
    server.queue({ hang: true });
    const controller = new AbortController();
    const download = client.imageBytes(`${server.url}/t/p/w92/slow.png`, controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(download).rejects.toThrow();
  });
});
