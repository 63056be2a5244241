import { describe, expect, it } from 'vitest';
import { createAppStore, localeRegion } from '../../src/state/index.js';

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
