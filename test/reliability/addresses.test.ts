import { afterEach, describe, expect, it } from 'vitest';
import { ImageAddressError, imageAddressProblem, imageUrl } from '../../src/api/index.js';
import { configuration, type Configuration } from '../../src/contract/index.js';
import { imageAddress, imageAddressRefusal } from '../../src/state/index.js';
import { readFixture } from '../fixtures.js';
import { makeStore, type TestStore } from '../state/support.js';

/** Item: only http(s) addresses, built from the configuration's base and a plain file name, are opened or copied. */

const real: Configuration = configuration.parse(readFixture('E17-configuration.spec.json'));
const withBase = (base: string): Configuration => ({ ...real, images: { ...real.images, secure_base_url: base, base_url: base } });

describe('image addresses', () => {
  it('are built from an http(s) base and a plain file name', () => {
    expect(imageUrl(real, 'poster', '/kqjL17yufvn9OVLyXYpvtyrFfak.jpg')).toBe('https://image.tmdb.org/t/p/original/kqjL17yufvn9OVLyXYpvtyrFfak.jpg');
    expect(imageAddress(withBase('http://127.0.0.1:8080/images/'), 'still', '/a_b-c.png')).toBe('http://127.0.0.1:8080/images/original/a_b-c.png');
  });

  it.each([
    ['a file: base', withBase('file:///etc/'), '/passwd'],
    ['a javascript: base', withBase('javascript:alert(1)//'), '/x.jpg'],
    ['another scheme', withBase('ftp://images.example/'), '/x.jpg'],
    ['no URL at all', withBase('not an address'), '/x.jpg'],
    ['a path going up', real, '/../../secret.jpg'],
    ['a path with directories', real, '/a/b.jpg'],
    ['a path with a query', real, '/x.jpg?redirect=file:///'],
    ['a path that is an address', real, 'https://evil.example/x.jpg'],
    ['a path of dots', real, '/..'],
  ])('are refused for %s, with a reason', (_what, config, filePath) => {
    expect(imageAddressProblem(config, filePath)).toBeDefined();
    expect(() => imageUrl(config, 'poster', filePath)).toThrow(ImageAddressError);
    expect(imageAddress(config, 'poster', filePath)).toBeUndefined();
    expect(imageAddressRefusal(config, filePath)).toMatch(/^No address to open or copy: the (service gave an image base address that is not http or https|image path is not a plain file name)\.$/);
  });
});

describe('opening an address', () => {
  let current: TestStore | undefined;
  afterEach(() => current?.cleanup());

  it('opens http and https addresses and refuses anything else with a message', () => {
    current = makeStore({ baseUrl: 'http://127.0.0.1:9', token: 't', approvalBase: 'http://127.0.0.1:9' });
    const { store, opened } = current;
    for (const refused of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', '/relative/path.jpg', 'vbscript:x']) {
      store.getState().browser.open(refused);
      expect(store.getState().notifications.toasts.at(-1)?.text).toBe('Not opened: only http and https addresses are opened');
    }
    expect(opened).toEqual([]);
    store.getState().browser.open('https://image.tmdb.org/t/p/original/x.jpg');
    expect(opened).toEqual(['https://image.tmdb.org/t/p/original/x.jpg']);
  });
});
