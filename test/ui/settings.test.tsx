import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act } from 'react';
import { afterEach, describe, expect } from 'vitest';
import { readPreferences, writePreferences } from '../../src/storage/index.js';
import type { PreferencesStorage } from '../../src/state/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY } from './harness.js';

/** The settings screen: the content language and region, applied at once and kept for later runs. */

type Movie = { id: number; title: string; overview: string };

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function preferencesIn(): PreferencesStorage {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-settings-'));
  dirs.push(dir);
  const file = join(dir, 'settings.json');
  return { file, load: () => readPreferences(file).preferences, save: (preferences) => writePreferences(file, preferences) };
}

/** The first film (by id) whose text in `language` is, or is not, a translation of the English one. */
async function filmWhere(service: Service, language: string, translated: boolean): Promise<{ english: Movie; other: Movie }> {
  for (let id = 1; id <= 60; id++) {
    const english = await service.get<Movie>(`/3/movie/${id}`);
    const other = await service.get<Movie>(`/3/movie/${id}?language=${language}`);
    if (!english.overview) continue;
    if ((other.title !== english.title) === translated) return { english, other };
  }
  throw new Error(`no film ${translated ? 'with' : 'without'} a ${language} translation among the first 60`);
}

/** The first words of an overview: enough to know it on screen, short enough not to be wrapped. */
const opening = (text: string) => text.split(' ').slice(0, 4).join(' ');

describe('the settings screen', () => {
  it('changes the language: the open movie screen shows the German overview, and the choice is kept in a 0600 file', async ({ app, service }) => {
    const { english, other: german } = await filmWhere(service, 'de-DE', true);
    const preferences = preferencesIn();
    const { ui, store } = await app.start({ deps: { preferences } });
    await act(async () => store.getState().nav.push('movies.detail', { id: english.id, title: english.title }));
    await ui.waitFor('Original title');
    // The overview is at the end of the details.
    await ui.press('G');
    await ui.waitFor(opening(english.overview));

    await ui.press(',');
    let frame = await ui.waitFor('American English (en-US)');
    expect(frame).toContain('the default');
    expect(frame).toContain(preferences.file);
    await ui.press('L');
    await ui.waitFor('Language of titles and overviews');
    await ui.type('de-DE');
    await ui.waitFor(/› de-DE\s+German \(Germany\)/);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('German (Germany) (de-DE)');
    expect(frame).toContain('chosen here');

    await ui.press(KEY.esc);
    await ui.waitFor(german.title);
    await ui.press('G');
    frame = await ui.waitFor(opening(german.overview));
    expect(frame).toContain(german.title);
    expect(frame).not.toContain(opening(english.overview));
    expect(readPreferences(preferences.file).preferences).toEqual({ language: 'de-DE' });
    expect(statSync(preferences.file).mode & 0o777).toBe(0o600);

    // The region is chosen here too, and applies to "where to watch".
    await ui.press(',', 'R');
    await ui.type('AT');
    await ui.press(KEY.enter);
    await ui.waitFor('Austria (AT)');
    expect(store.getState().watch.region).toBe('AT');
    expect(readPreferences(preferences.file).preferences).toEqual({ language: 'de-DE', region: 'AT' });
  });

  it('marks an overview the chosen language has none of, shown in English instead, and says MARQUEE_LANGUAGE wins', async ({ app, service }) => {
    const { english, other: french } = await filmWhere(service, 'fr', false);
    expect(french.overview).toBe('');
    const { ui, store, calls } = await app.start({
      deps: { contentLanguage: { value: 'fr', source: 'environment', lockedBy: 'MARQUEE_LANGUAGE' }, preferences: preferencesIn() },
    });
    await act(async () => store.getState().nav.push('movies.detail', { id: english.id, title: english.title }));
    await ui.waitFor('Original title');
    await ui.press('G');
    const frame = await ui.waitFor('Overview (English)');
    expect(frame).toContain(opening(english.overview));
    // One request in French and one in English for the record, no more.
    expect(calls.filter((op) => op === 'movieDetails')).toHaveLength(2);

    await ui.press(',');
    await ui.waitFor('French (fr)');
    expect(ui.frame()).toContain('MARQUEE_LANGUAGE is set: it wins over a choice made here at the next start.');
  });
});
