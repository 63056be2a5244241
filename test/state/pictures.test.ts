import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { configuration, type Configuration } from '../../src/contract/index.js';
import { BoundedCache, createPicturesSlice, pictureAddress, type PicturesSlice } from '../../src/state/slices/pictures.js';
import type { PictureProtocol } from '../../src/terminal/picture-protocol.js';
import type { CatalogApi, Runtime, StoreDeps } from '../../src/state/index.js';
import { readFixture } from '../fixtures.js';

/** Pictures: the size fetched, the bounded cache, and fetches dropped when the highlight moved on. */

const config: Configuration = configuration.parse(readFixture('E17-configuration.spec.json'));

function greyPng(width: number, height: number): Buffer {
  const image = new pngjs.PNG({ width, height });
  image.data.fill(128);
  return pngjs.PNG.sync.write(image);
}

/** A client whose downloads the test finishes (or fails) by hand, in any order. */
function manualImages() {
  const pending = new Map<string, { resolve: (bytes: Buffer) => void; reject: (error: unknown) => void }>();
  const asked: string[] = [];
  const client: CatalogApi = {
    call: () => Promise.reject(new Error('no catalog calls here')),
    imageBytes: (address, signal) =>
      new Promise<Buffer>((resolve, reject) => {
        asked.push(address);
        pending.set(address, { resolve, reject });
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  };
  return { client, asked, finish: (address: string, bytes: Buffer) => pending.get(address)!.resolve(bytes), fail: (address: string, error: unknown) => pending.get(address)!.reject(error) };
}

function slice(client: CatalogApi, pictureProtocol: PictureProtocol = 'blocks'): PicturesSlice {
  const runtime: Runtime = { deps: { pictureProtocol } as StoreDeps, client, target: undefined, credentials: undefined };
  return createPicturesSlice({ set: () => {}, get: () => ({ pictures: undefined as never }), runtime });
}

describe('pictureAddress', () => {
  it('asks for the smallest configured size that fills the cells (two pixels a column)', () => {
    // poster_sizes: w92 w154 w185 w342 w500 w780 original
    expect(pictureAddress(config, 'poster', '/p.jpg', 20)).toMatch(/\/w92\/p\.jpg$/);
    expect(pictureAddress(config, 'poster', '/p.jpg', 60)).toMatch(/\/w154\/p\.jpg$/);
    expect(pictureAddress(config, 'still', '/s.jpg', 40)).toMatch(/\/w92\/s\.jpg$/);
    expect(pictureAddress(config, 'profile', '/f.jpg', 30)).toMatch(/\/w185\/f\.jpg$/);
  });

  it('builds none without the configuration or for a path that is not a plain file name', () => {
    expect(pictureAddress(undefined, 'poster', '/p.jpg', 20)).toBeUndefined();
    expect(pictureAddress(config, 'poster', '/../p.jpg', 20)).toBeUndefined();
  });
});

describe('BoundedCache', () => {
  it('keeps at most its bytes, dropping the least recently used', () => {
    const cache = new BoundedCache<string, string>(10, (text) => text.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(8);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    // One value heavier than the whole bound is not kept, and drops nothing.
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('c')).toBe('cccc');
  });

  it('bounds the pictures in bytes whatever their size: many small ones, or a few large', async () => {
    const images = manualImages();
    // A graphics protocol: its drawings hold their pixels.
    const pictures = slice(images.client, 'kitty');
    // 40 small pictures: all drawn, and the drawings kept stay under the bound.
    for (let i = 0; i < 40; i++) {
      const loading = pictures.load(`http://img/${i}.png`, 10, 20, new AbortController().signal);
      images.finish(`http://img/${i}.png`, greyPng(20, 30));
      expect(await loading).toMatchObject({ kind: 'picture' });
    }
    expect(pictures.cached('http://img/39.png', 10, 20)).toBeDefined();
    // Large pictures (1000x1500, 6 MB decoded each): the oldest go, the newest stays.
    for (let i = 0; i < 3; i++) {
      const loading = pictures.load(`http://img/big${i}.png`, 10, 20, new AbortController().signal);
      images.finish(`http://img/big${i}.png`, greyPng(1000, 1500));
      expect(await loading).toMatchObject({ kind: 'picture' });
    }
    expect(pictures.cached('http://img/big2.png', 10, 20)).toBeDefined();
    expect(pictures.cached('http://img/big0.png', 10, 20)).toBeUndefined();
  });
});

describe('the pictures slice', () => {
  it('fetches a picture once and draws it again from memory, at another size too', async () => {
    const images = manualImages();
    const pictures = slice(images.client);
    const loading = pictures.load('http://img/p.png', 10, 20, new AbortController().signal);
    images.finish('http://img/p.png', greyPng(20, 30));
    const outcome = await loading;
    expect(outcome).toMatchObject({ kind: 'picture', cells: { columns: 10, rows: 8 } });
    expect(pictures.cached('http://img/p.png', 10, 20)).toBe(outcome);
    expect(pictures.cached('http://img/p.png', 6, 20)).toMatchObject({ kind: 'picture', cells: { columns: 6 } });
    await pictures.load('http://img/p.png', 10, 20, new AbortController().signal);
    expect(images.asked).toEqual(['http://img/p.png']);
  });

  it('lets the pixels of a picture drawn as text go, keeping a few dozen posters of them for another size', async () => {
    const images = manualImages();
    const pictures = slice(images.client);
    // 200x300 pixels: 240,000 bytes decoded, so the pixels of eight fit the bound (2 MiB).
    const kept = 8;
    for (let i = 0; i < kept + 4; i++) {
      const loading = pictures.load(`http://img/${i}.png`, 10, 20, new AbortController().signal);
      images.finish(`http://img/${i}.png`, greyPng(200, 300));
      const outcome = await loading;
      expect(outcome).toMatchObject({ kind: 'picture', cells: { columns: 10 } });
      expect(outcome.kind === 'picture' && outcome.pixels).toBeUndefined();
    }
    // Drawn again at another size from the pixels kept; the oldest are asked for again.
    expect(pictures.cached(`http://img/${kept + 3}.png`, 6, 20)).toMatchObject({ kind: 'picture', cells: { columns: 6 } });
    expect(pictures.cached('http://img/0.png', 6, 20)).toBeUndefined();
    // Its drawing at the size shown is still there, cells alone.
    expect(pictures.cached('http://img/0.png', 10, 20)).toMatchObject({ kind: 'picture' });
  });

  it('drops the result of a download whose highlight moved on, and keeps the one that settled', async () => {
    const images = manualImages();
    const pictures = slice(images.client);
    const first = new AbortController();
    const abandoned = pictures.load('http://img/a.png', 10, 20, first.signal);
    first.abort();
    await expect(abandoned).rejects.toThrow();
    const settled = pictures.load('http://img/b.png', 10, 20, new AbortController().signal);
    images.finish('http://img/b.png', greyPng(20, 30));
    expect((await settled).kind).toBe('picture');
    expect(pictures.cached('http://img/a.png', 10, 20)).toBeUndefined();
  });

  it('drops a download that finished after its signal was aborted', async () => {
    const images = manualImages();
    const pictures = slice({ ...images.client, imageBytes: async () => greyPng(4, 6) });
    const controller = new AbortController();
    const late = pictures.load('http://img/c.png', 10, 20, controller.signal);
    controller.abort();
    await expect(late).rejects.toThrow();
  });

  it('gives a one-line reason for a missing or broken picture, and tries a failed download again later', async () => {
    const images = manualImages();
    const pictures = slice(images.client);
    const missing = pictures.load('http://img/gone.png', 10, 20, new AbortController().signal);
    images.fail('http://img/gone.png', new Error('the image service answered HTTP 404'));
    expect(await missing).toEqual({ kind: 'problem', message: expect.stringContaining('HTTP 404') });
    expect(pictures.cached('http://img/gone.png', 10, 20)).toBeUndefined();

    const broken = pictures.load('http://img/x.png', 10, 20, new AbortController().signal);
    images.finish('http://img/x.png', Buffer.from('<html>'));
    expect(await broken).toEqual({ kind: 'problem', message: expect.stringContaining('not a PNG or JPEG') });
  });

  it('says so when the client cannot fetch pictures', async () => {
    const pictures = slice({ call: () => Promise.reject(new Error('none')) });
    expect(await pictures.load('http://img/p.png', 10, 20, new AbortController().signal)).toMatchObject({ kind: 'problem' });
  });
});
