import { describe, expect, it } from 'vitest';
import { createAppStore, localeRegion, watchRegionFrom } from '../../src/state/index.js';

describe('the region of "where to watch"', () => {
  it('reads the region of a POSIX locale name', () => {
    expect(localeRegion('de_DE.UTF-8')).toBe('DE');
    expect(localeRegion('pt_BR@euro')).toBe('BR');
    expect(localeRegion('en_gb')).toBe('GB');
    expect(localeRegion('fr-CA')).toBe('CA');
    expect(localeRegion('C.UTF-8')).toBeUndefined();
    expect(localeRegion('POSIX')).toBeUndefined();
    expect(localeRegion('en')).toBeUndefined();
    expect(localeRegion('')).toBeUndefined();
  });

  it('takes MARQUEE_REGION first, then LC_ALL, LC_MESSAGES and LANG, else the United States', () => {
    expect(watchRegionFrom({ MARQUEE_REGION: 'jp', LANG: 'de_DE.UTF-8' })).toBe('JP');
    expect(watchRegionFrom({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'it_IT', LANG: 'de_DE.UTF-8' })).toBe('FR');
    expect(watchRegionFrom({ LC_MESSAGES: 'it_IT', LANG: 'de_DE.UTF-8' })).toBe('IT');
    expect(watchRegionFrom({ LANG: 'de_DE.UTF-8' })).toBe('DE');
    expect(watchRegionFrom({})).toBe('US');
    // A value that is no region code is passed over; the first locale variable set decides.
    expect(watchRegionFrom({ MARQUEE_REGION: 'Germany', LANG: 'es_MX.UTF-8' })).toBe('MX');
    expect(watchRegionFrom({ LC_ALL: 'C.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('US');
    expect(watchRegionFrom({ LC_ALL: '', LANG: 'de_DE.UTF-8' })).toBe('DE');
  });

  it('starts the store on the region given and changes it for the run, ignoring what is no region code', () => {
    const deps = {
      service: { kind: 'embedded', label: 'embedded catalog' },
      connect: () => Promise.reject(new Error('no service here')),
      createClient: () => Promise.reject(new Error('no service here')),
      sessions: { load: () => undefined, save: () => {} },
      configFile: 'config.json',
    } as const;
    expect(createAppStore(deps).getState().watch.region).toBe('US');
    const store = createAppStore({ ...deps, watchRegion: 'de' });
    expect(store.getState().watch.region).toBe('DE');
    store.getState().watch.setRegion('jp');
    expect(store.getState().watch.region).toBe('JP');
    store.getState().watch.setRegion('nowhere');
    expect(store.getState().watch.region).toBe('JP');
  });
});
