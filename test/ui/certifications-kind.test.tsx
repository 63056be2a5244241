import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect } from 'vitest';
import { resolveSettings } from '../../src/config/settings.js';
import type { PreferencesStorage } from '../../src/state/index.js';
import { readPreferences, writePreferences } from '../../src/storage/index.js';
import { storeTest as it } from '../store-test.js';

/** The Certifications tab opens on movies or TV as last used, in this run and the next ones (the settings file). */

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function settingsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-certifications-kind-'));
  dirs.push(dir);
  return dir;
}

function preferencesIn(dir: string): PreferencesStorage {
  const file = join(dir, 'settings.json');
  return { file, load: () => readPreferences(file).preferences, save: (preferences) => writePreferences(file, preferences) };
}

describe('movies or TV, across runs', () => {
  it('t is kept in the settings file (0600, beside the other choices), and the next run opens on it', async ({ app }) => {
    const preferences = preferencesIn(settingsDir());
    writePreferences(preferences.file, { language: 'de-DE', region: 'FR' });
    const first = await app.start({ deps: { preferences } });
    await first.ui.press('5');
    await first.ui.waitFor('Movie certifications by country');
    await first.ui.press('t');
    await first.ui.waitFor('TV certifications by country');
    expect(readPreferences(preferences.file)).toEqual({ preferences: { language: 'de-DE', region: 'FR', certificationsKind: 'tv' } });
    expect(statSync(preferences.file).mode & 0o777).toBe(0o600);
    first.ui.unmount();

    // The next run: TV at once; t back to movies is kept too.
    const second = await app.start({ deps: { preferences } });
    expect(second.store.getState().certifications.kind).toBe('tv');
    await second.ui.press('5');
    await second.ui.waitFor('TV certifications by country');
    await second.ui.press('t');
    await second.ui.waitFor('Movie certifications by country');
    expect(readPreferences(preferences.file).preferences.certificationsKind).toBe('movie');
  });

  it('a hand-edited kind that is neither is named at start and ignored; the rest of the file still counts', async ({ app }) => {
    const home = settingsDir();
    const dir = join(home, 'marquee');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ region: 'AT', certificationsKind: 'films' }), { mode: 0o600 });
    const read = readPreferences(file);
    expect(read.preferences).toEqual({ region: 'AT' });
    const settings = await resolveSettings({}, { XDG_CONFIG_HOME: home, XDG_DATA_HOME: join(home, 'data') });
    expect(settings.region).toMatchObject({ value: 'AT', source: 'settings file' });
    expect(settings.warnings.join('\n')).toContain('certificationsKind "films" is neither "movie" nor "tv": the Certifications tab opens on movies, and t replaces it');

    const { ui, store } = await app.start({ deps: { preferences: preferencesIn(dir) } });
    expect(store.getState().certifications.kind).toBe('movie');
    await ui.press('5', 't');
    await ui.waitFor('TV certifications by country');
    expect(readPreferences(file)).toEqual({ preferences: { region: 'AT', certificationsKind: 'tv' } });
  });

  it('a settings file that cannot be written costs only the keeping, and says so', async ({ app }) => {
    const dir = settingsDir();
    const preferences: PreferencesStorage = {
      file: join(dir, 'settings.json'),
      load: () => ({}),
      save: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    };
    const { ui } = await app.start({ deps: { preferences } });
    await ui.press('5', 't');
    const frame = await ui.waitFor('could not be kept for the next run');
    expect(frame).toContain('TV certifications by country');
  });
});
