import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { request } from 'undici';
import { encodePngByRows } from '../../src/server/images/png.js';
import { placeholderSize } from '../../src/server/images/placeholder.js';
import { type TestServer, startTestServer } from './harness.js';

/** Reads a PNG back: checks every chunk's CRC (computed here independently) and inflates the pixels. */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer; chunks: string[] } {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  const chunks: string[] = [];
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const body = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length), `CRC of ${type}`).toBe(crc(png.subarray(offset + 4, offset + 8 + length)));
    chunks.push(type);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(data)), chunks };
}

describe('the PNG encoder', () => {
  it('writes a valid RGB image with the row colours asked for, at odd widths too', async () => {
    const png = await encodePngByRows(3, 2, (y) => [y * 100, 200, 7]);
    const decoded = decodePng(png);
    expect(decoded).toMatchObject({ width: 3, height: 2, chunks: ['IHDR', 'IDAT', 'IEND'] });
    expect([...decoded.pixels]).toEqual([0, 0, 200, 7, 0, 200, 7, 0, 200, 7, 0, 100, 200, 7, 100, 200, 7, 100, 200, 7]);
    for (const width of [1, 2, 5, 7, 1280]) {
      const { pixels } = decodePng(await encodePngByRows(width, 1, () => [1, 2, 3]));
      expect([...pixels]).toEqual([0, ...Array.from({ length: width }, () => [1, 2, 3]).flat()]);
    }
  });

  it('refuses sizes that are not positive integers', async () => {
    await expect(encodePngByRows(0, 5, () => [0, 0, 0])).rejects.toThrow(RangeError);
    await expect(encodePngByRows(2.5, 5, () => [0, 0, 0])).rejects.toThrow(RangeError);
  });
});

describe('/t/p/{size}/{file}', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function image(path: string, headers: Record<string, string> = {}) {
    const response = await request(`${t.server.url}${path}`, { headers });
    return { status: response.statusCode, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
  }

  it('draws the configured image addresses at the size asked, without an access token', async () => {
    const config = await t.client.call('configuration');
    const movie = await t.client.call('movieDetails', { path: { movie_id: 1 } });
    const poster = await image(`${config.images.base_url.replace(t.server.url, '')}w342${movie.poster_path}`);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/png');
    expect(poster.headers['cache-control']).toContain('immutable');
    expect(decodePng(poster.body)).toMatchObject({ width: 342, height: 513 });

    const backdrop = decodePng((await image(`/t/p/w780${movie.backdrop_path}`)).body);
    expect(backdrop).toMatchObject({ width: 780, height: 439 });
    const person = await t.client.call('personDetails', { path: { person_id: 3 } });
    expect(person.profile_path).toMatch(/^\//);
    expect(decodePng((await image(`/t/p/h632${person.profile_path!}`)).body).height).toBe(632);
    const logos = (await t.client.call('movieImages', { path: { movie_id: 2 } })).logos ?? [];
    for (const logo of logos) expect(decodePng((await image(`/t/p/original${logo.file_path}`)).body).width).toBe(500);
  });

  it('is the same image every time, and answers If-None-Match with 304', async () => {
    const first = await image('/t/p/w92/tAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg');
    const second = await image('/t/p/w92/tAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect(second.body.equals(first.body)).toBe(true);
    const other = await image('/t/p/w92/tBAAAAAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect(other.body.equals(first.body)).toBe(false);
    const cached = await image('/t/p/w92/tAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg', { 'if-none-match': first.headers.etag as string });
    expect(cached.status).toBe(304);
  });

  it('unknown sizes and file names are 404 status_code 34', async () => {
    for (const path of ['/t/p/w9999/tAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg', '/t/p/w92/..%2F..%2Fetc%2Fpasswd', '/t/p/w92/short.jpg', '/t/p/original/xAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg']) {
      const response = await image(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ success: false, status_code: 34 });
    }
    expect(placeholderSize('w92', 'tAAAAAAAAAAAAAAAAAAAAAAAAAA.gif')).toBeUndefined();
  });
});
