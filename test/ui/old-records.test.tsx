import { act } from 'react';
import { beforeAll, describe, expect } from 'vitest';
import { ContractMismatchError } from '../../src/api/errors.js';
import { operations, parseWith, type OperationKey } from '../../src/contract/index.js';
import type { CatalogApi, NavigationSlice } from '../../src/state/index.js';
import { serverBodies } from '../contract/modern-bodies.js';
import { oldest } from '../contract/old-records.js';
import { storeTest, type App } from '../store-test.js';

/**
 * Every screen renders records as old as the real service holds: each answer with every optional
 * field left out, and with every one null. The screens show "unknown" or leave the field out;
 * none shows an error or crashes.
 */

const it = storeTest.override('over', 'client');

let modern = new Map<OperationKey, unknown>();

beforeAll(async () => {
  modern = new Map((await serverBodies()).map((b) => [b.key, b.body]));
}, 60_000);

/** A client answering every operation with the old-record variant of its modern body. */
function oldRecordsApi(asNull: boolean): CatalogApi {
  return {
    async call(key) {
      const body = oldest(operations[key].modern, modern.get(key), asNull);
      const outcome = parseWith(operations[key].response, body);
      if (!outcome.ok) throw new ContractMismatchError(operations[key].id, outcome.problems, key);
      return outcome.value as never;
    },
    close: async () => {},
  };
}

const show = (app: App, asNull: boolean, open: (nav: NavigationSlice) => void, keys: string[] = []) => app.show(oldRecordsApi(asNull), open, { keys });

/** Lines that show an error, or a value the screen did not know to leave out. */
const problemLines = (frame: string) => frame.split('\n').filter((line) => /Could not|✗|Error|undefined|NaN|null/.test(line));

/** Each screen, opened as a person would get there (the route table types what it is pushed with). */
const SCREENS: Array<[string, (nav: NavigationSlice) => void, string[]?]> = [
  ['popular movies', (nav) => nav.setRootParams('movies', { section: 'popular' })],
  ['now playing', (nav) => nav.setRootParams('movies', { section: 'nowPlaying' })],
  ['top rated', (nav) => nav.setRootParams('movies', { section: 'topRated' })],
  ['upcoming', (nav) => nav.setRootParams('movies', { section: 'upcoming' })],
  ['a movie', (nav) => nav.push('movies.detail', { id: 1, title: 'A movie' })],
  ['a movie: images', (nav) => nav.push('movies.detail', { id: 1, title: 'A movie' }), ['i']],
  ['a movie: lists containing it', (nav) => nav.push('movies.detail', { id: 1, title: 'A movie' }), ['l']],
  ['the latest movie', (nav) => nav.push('movies.detail', { latest: true, title: 'Latest' })],
  ['a collection', (nav) => nav.push('movies.collection', { id: 1, title: 'A collection' })],
  ['popular series', (nav) => nav.switchTab('tv')],
  ['the latest series', (nav) => nav.push('tv.latest')],
  ['a series', (nav) => nav.push('tv.detail', { id: 1, title: 'A series' })],
  ['a season', (nav) => nav.push('tv.season', { seriesId: 1, season: 1, title: 'Season 1' })],
  ['an episode', (nav) => nav.push('tv.episode', { seriesId: 1, season: 1, episode: 1, title: 'S1 E1' })],
  ['a person', (nav) => nav.push('search.person', { id: 1, title: 'A person' })],
  ['a person: profile images', (nav) => nav.push('search.person', { id: 1, title: 'A person' }), ['i']],
  ['a person: tagged images', (nav) => nav.push('search.person', { id: 1, title: 'A person' }), ['t']],
  ['a list', (nav) => nav.push('lists.detail', { id: 1, title: 'A list' })],
  ['certifications', (nav) => nav.switchTab('certifications')],
];

describe.each([
  ['every optional field left out', false],
  ['every optional field null', true],
])('old records (%s) on every screen', (_what, asNull) => {
  it.for(SCREENS)('%s', async ([_name, open, keys], { app }) => {
    const frame = await show(app, asNull, open, keys);
    if (process.env.SHOW_FRAMES) console.log(frame);
    expect(problemLines(frame).join('\n')).toBe('');
  });

  it('search results', async ({ app }) => {
    const { ui, store } = await app.start({ deps: { createClient: () => oldRecordsApi(asNull) }, columns: 120, rows: 40 });
    await act(async () => store.getState().nav.switchTab('search'));
    await ui.press('/');
    await ui.type('the');
    await ui.press('\r');
    const results = await ui.waitFor((f) => !/Loading|loading…|Searching/.test(f) && /\[(movie|tv|person)\]|\b(movie|tv|person)\b/.test(f));
    if (process.env.SHOW_FRAMES) console.log(results);
    expect(problemLines(results).join('\n')).toBe('');
  });
});
