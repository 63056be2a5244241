import { describe, expect, it } from 'vitest';
import { chooseImageSize, imageUrl } from '../../src/api/index.js';
import { configuration, type Configuration } from '../../src/contract/index.js';
import { readFixture } from '../fixtures.js';

const config: Configuration = configuration.parse(readFixture('E17-configuration.spec.json'));

describe('imageUrl', () => {
  it('joins the secure base, the size and the file path', () => {
    expect(imageUrl(config, 'poster', '/kqjL17yufvn9OVLyXYpvtyrFfak.jpg', 300)).toBe(
      'https://image.tmdb.org/t/p/w342/kqjL17yufvn9OVLyXYpvtyrFfak.jpg',
    );
  });

  it('chooses the smallest width at least as wide as wanted', () => {
    // poster_sizes: w92 w154 w185 w342 w500 w780 original
    expect(imageUrl(config, 'poster', '/p.jpg', 92)).toMatch(/\/w92\/p\.jpg$/);
    expect(imageUrl(config, 'poster', '/p.jpg', 93)).toMatch(/\/w154\/p\.jpg$/);
    expect(imageUrl(config, 'backdrop', '/b.jpg', 1000)).toMatch(/\/w1280\/b\.jpg$/);
    expect(imageUrl(config, 'still', '/s.jpg', 1)).toMatch(/\/w92\/s\.jpg$/);
  });

  it('falls back to original when nothing is wide enough, or no width is asked', () => {
    expect(imageUrl(config, 'logo', '/l.png', 5000)).toMatch(/\/original\/l\.png$/);
    expect(imageUrl(config, 'backdrop', '/b.jpg')).toBe('https://image.tmdb.org/t/p/original/b.jpg');
  });

  it('skips height sizes, which are not widths', () => {
    expect(chooseImageSize(['w45', 'w185', 'h632', 'original'], 200)).toBe('original');
    expect(imageUrl(config, 'profile', '/f.jpg', 100)).toMatch(/\/w185\/f\.jpg$/);
  });

  it('uses base_url when there is no secure base, and copes with missing slashes', () => {
    const plain = { ...config, images: { ...config.images, secure_base_url: '', base_url: 'http://img.example/t/p' } };
    expect(imageUrl(plain, 'poster', 'x.jpg', 500)).toBe('http://img.example/t/p/w500/x.jpg');
  });
});
