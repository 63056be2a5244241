import { act } from 'react';
import { describe, expect } from 'vitest';
import { moviesMatching, type CatalogApi } from '../../src/state/index.js';
import { CatalogGenerator } from '../../src/server/catalog/generator.js';
import { DEFAULT_SEED } from '../../src/server/catalog/shape.js';
import { storeTest as it } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/** The Search tab, and the person and collection screens it leads to, on the embedded server's catalog. */

/** Goes to the Search tab and searches for `text` in the current mode. */
async function search(ui: Rendered, text: string) {
  await ui.press('3', '/');
  await ui.waitFor('Enter searches');
  await ui.type(text);
  await ui.press(KEY.enter);
}

interface Person {
  id: number;
  name: string;
  birthday: string | null;
  place_of_birth: string | null;
  also_known_as: string[];
  known_for_department: string | null;
}

describe('the Search tab', () => {
  for (const oneRead of [false, true]) {
    it(`takes a word typed as it opens as the query, never as shortcuts (${oneRead ? 'one read' : 'one key at a time'})`, async ({ app }) => {
      const { ui, store } = await app.start({ signedIn: true });
      const keys = ['3', ...'compass', KEY.enter];
      if (oneRead) await act(async () => ui.stdin.write(keys.join('')));
      else await ui.press(...keys);
      await ui.waitFor((frame) => frame.includes('Search: compass') && /\[(movie|tv|person)\]/.test(frame));
      const state = store.getState();
      expect([state.search.submitted, state.search.mode, state.nav.modal, state.session.current.kind]).toEqual(['compass', 'multi', null, 'user']);
      // The habit of / first changes nothing: it is not typed.
      await ui.press(KEY.esc, '1', '3');
      await ui.waitFor('Search:');
    });
  }

  for (const oneRead of [false, true]) {
    it(`on the results, a word typed is a new query, and list keys still move (${oneRead ? 'one read' : 'one key at a time'})`, async ({ app }) => {
      const { ui, store } = await app.start({ signedIn: true });
      // `l` has no meaning on the results: it starts the new query. `j` first moves, as on every list.
      const keys = ['3', ...'compass', KEY.enter, 'j', ...'lighthouse', KEY.enter];
      if (oneRead) await act(async () => ui.stdin.write(keys.join('')));
      else {
        await ui.press(...keys.slice(0, 9));
        await ui.waitFor(/\[(movie|tv|person)\]/);
        await ui.press('j');
        expect(ui.frame().split('\n').findIndex((line) => line.startsWith('› ['))).toBeGreaterThan(ui.frame().split('\n').findIndex((line) => line.startsWith('  [')));
        await ui.press(...keys.slice(10));
      }
      await ui.waitFor((frame) => /Search: lighthouse\s*$/m.test(frame) && store.getState().search.submitted === 'lighthouse' && /Lighthouse/.test(frame));
      const state = store.getState();
      expect([state.search.submitted, state.search.mode, state.nav.modal, state.nav.tab, state.session.current.kind]).toEqual(['lighthouse', 'multi', null, 'search', 'user']);
    });
  }

  it('/ pressed as the box has the focus on its own is not typed', async ({ app }) => {
    const { ui, store } = await app.start();
    await ui.press('3', '/');
    await ui.type('the');
    await ui.press(KEY.enter);
    await ui.waitFor(/\[(movie|tv|person)\]/);
    expect(store.getState().search.submitted).toBe('the');
  });

  it('marks results movie, tv or person, and opens a person with details, profile images and tagged images', async ({ app, service }) => {
    const { ui, opened } = await app.start();
    const person = await service.get<Person>('/3/person/1');
    await search(ui, person.name);
    let frame = await ui.waitFor(`[person] ${person.name}`);
    expect(frame).toContain('Search › Multi search');
    // Move to the person's row and open it.
    const rows = frame.split('\n').filter((line) => /^[ ›] \[(movie|tv|person|coll\.)\]/.test(line));
    const at = rows.findIndex((line) => line.includes(`[person] ${person.name}`));
    await ui.press(...Array<string>(at).fill('j'), KEY.enter);
    frame = await ui.waitFor('Place of birth');
    expect(frame).toContain(`Search › Multi search › ${person.name}`);
    expect(frame).toContain(person.place_of_birth ?? 'not given');
    expect(frame).toMatch(/Born\s+\d{1,2} \w{3} \d{4}/);
    expect(person.also_known_as[0]).toBeTruthy();
    expect(frame).toContain(person.also_known_as[0]);
    expect(frame).toContain(`Known for        ${person.known_for_department}:`);
    expect(frame).toContain('Biography');

    await ui.press('i');
    frame = await ui.waitFor(/profile\s+\d+x\d+/);
    expect(frame).toMatch(/Address: http:\/\/127\.0\.0\.1:\d+\/t\/p\/original\//);

    await ui.press('t');
    frame = await ui.waitFor('Deprecated: the service marks tagged images as deprecated');
    frame = await ui.waitFor(/(poster|backdrop|still)\s+\d+x\d+.*(movie|tv|episode): /);
    const address = /Address: (\S+)/.exec(frame)?.[1];
    await ui.press('o');
    expect(opened).toEqual([address]);
    // Enter opens the title the image was tagged in, not the image.
    const tagged = /› (?:poster|backdrop|still)\s+\d+x\d+.*(movie|tv|episode): (?:S\d+ E\d+ )?(.+?)\s*$/m.exec(frame);
    expect(tagged, frame).not.toBeNull();
    await ui.press(KEY.enter);
    frame = await ui.waitFor(new RegExp(`Multi search › ${person.name} › .*${tagged![2]!.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(opened).toEqual([address]);
  });

  it('/ opens the box with the last query selected: typing replaces it, and an empty search clears the results', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const movie = (await service.get<{ results: { id: number; title: string }[] }>('/3/movie/popular')).results[0]!;
    await search(ui, movie.title);
    await ui.waitFor(`[movie]  ${movie.title}`);
    // Away and back, then / and a new query in one read: it replaces the old one.
    await ui.press('1');
    await ui.press('3');
    await ui.waitFor(`[movie]  ${movie.title}`);
    await act(async () => ui.stdin.write('/wolf\r'));
    await ui.waitFor((frame) => /Search: wolf\s*$/m.test(frame) && store.getState().search.submitted === 'wolf');
    // A key that moves the cursor keeps the text: → then more letters add to it.
    await ui.press('/', KEY.right);
    await ui.type('pack');
    await ui.press(KEY.enter);
    expect(store.getState().search.submitted).toBe('wolfpack');
    // Backspace on the selection erases it all; Enter on the empty box clears the results.
    await ui.press('/', KEY.backspace, KEY.enter);
    const frame = await ui.waitFor('Results for movies, TV series and people appear here.');
    expect(frame).not.toContain('[movie]');
    expect(store.getState().search.submitted).toBeUndefined();
  });

  it('opens movies and series from multi search', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const movie = (await service.get<{ results: { id: number; title: string }[] }>('/3/movie/popular')).results[0]!;
    await search(ui, movie.title);
    await ui.waitFor(`[movie]  ${movie.title}`);
    await ui.press(KEY.enter);
    await ui.waitFor('Original title');
    expect(ui.frame()).toContain(`Search › Multi search › ${movie.title}`);

    await ui.press(KEY.esc);
    const series = (await service.get<{ results: { id: number; name: string }[] }>('/3/tv/popular')).results[0]!;
    await ui.press('/');
    for (let i = 0; i < movie.title.length; i++) await ui.press(KEY.backspace);
    await ui.type(series.name);
    await ui.press(KEY.enter);
    const frame = await ui.waitFor(`[tv]     ${series.name}`);
    const rows = frame.split('\n').filter((line) => /^[ ›] \[(movie|tv|person|coll\.)\]/.test(line));
    const at = rows.findIndex((line) => line.includes(`[tv]     ${series.name}`));
    await ui.press(...Array<string>(at).fill('j'), KEY.enter);
    await ui.waitFor(() => store.getState().nav.stacks.search.length === 2);
    const top = store.getState().nav.stacks.search[1]!;
    expect(top.params).toMatchObject({ id: series.id, title: series.name });
    expect(ui.frame()).toContain(`Search › Multi search › ${series.name}`);
  });

  it('lists first the titles that match what was typed, before a more popular film known by it only under another name', async ({ app }) => {
    const { ui } = await app.start();
    // The embedded server's catalog (300 titles of the default seed), read from its generator for the alternative titles.
    const catalog = new CatalogGenerator(DEFAULT_SEED, 300);
    const movies = Array.from({ length: catalog.shape.movieCount }, (_, i) => catalog.movies.core(i + 1));
    const words = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];
    // A word of a film's alternative title that is in no title of that film, and in the title of a less popular film.
    let chosen: { word: string; hidden: string } | undefined;
    for (const film of [...movies].sort((a, b) => b.popularity - a.popularity)) {
      const own = new Set(words(`${film.title} ${film.originalTitle}`));
      const word = film.alternativeTitles
        .flatMap(words)
        .find((w) => w.length > 3 && !own.has(w) && movies.some((m) => m.popularity < film.popularity && words(m.title).includes(w)));
      if (word) {
        chosen = { word, hidden: film.title };
        break;
      }
    }
    expect(chosen).toBeDefined();
    await search(ui, chosen!.word);
    const frame = await ui.waitFor(/^› \[(movie|tv|person)\]/m);
    const first = frame.split('\n').find((line) => line.startsWith('› ['))!;
    expect(first.toLowerCase()).toContain(chosen!.word);
    expect(first).not.toContain(chosen!.hidden);
  });

  it('searches collections in collections mode, then opens a collection and one of its parts', async ({ app, service }) => {
    const { ui } = await app.start();
    const collection = await service.get<{ name: string; parts: { title?: string; name?: string }[] }>('/3/collection/2');
    // Before any search the box has the focus: Esc leaves it, then c switches.
    await ui.press('3', KEY.esc, 'c');
    await ui.waitFor('Search collections');
    expect(ui.frame()).toContain('Search › Collections');
    await search(ui, collection.name.replace(/ Collection$/, ''));
    await ui.waitFor(`› ${collection.name}`);
    await ui.press(KEY.enter);
    let frame = await ui.waitFor(/\d+ parts?/);
    const part = collection.parts[0]!;
    expect(frame).toContain(part.title ?? part.name);
    await ui.press(KEY.enter);
    frame = await ui.waitFor('Original title');
    expect(frame).toContain(part.title ?? part.name);

    // Back on the search screen, c goes back to multi search and searches again.
    await ui.press(KEY.esc, KEY.esc);
    await ui.waitFor('Search collections');
    await ui.press('c');
    await ui.waitFor('Search movies, TV and people');
    await ui.waitFor(/\[(movie|tv|person)\]/);
  });

  it('says when nothing matches, and shows a person the service does not have as an error', async ({ app, service }) => {
    const { ui, store } = await app.start();
    await search(ui, 'zzqqxx');
    await ui.waitFor('Nothing found for "zzqqxx".');
    await act(async () => store.getState().nav.push('search.person', { id: 999_999, title: 'Nobody' }));
    const frame = await ui.waitFor('Could not load the person');
    expect(frame).toContain('(HTTP 404)');
    // Asking again cannot find it: no retry is offered.
    expect(frame).not.toContain('Press r to try again');
    expect(frame).toContain('The service does not have the person.');
  });
});

describe('searching movies only (adding to a list)', () => {
  /** A client answering multi search from fixed pages, counting the pages asked for. */
  function pagesOf(pages: { media_type: string; id: number; title?: string; name?: string }[][]) {
    const asked: number[] = [];
    const client = {
      call: async (_key: string, args: { query: { page: number } }) => {
        asked.push(args.query.page);
        return { page: args.query.page, results: pages[args.query.page - 1] ?? [], total_pages: pages.length, total_results: 99 };
      },
    } as unknown as CatalogApi;
    return { client, asked };
  }

  it('reads on past pages with no movie, keeps only movies, and claims no total', async ({ service }) => {
    const { client, asked } = pagesOf([
      [{ media_type: 'person', id: 1, name: 'A person' }],
      [{ media_type: 'tv', id: 2, name: 'A series' }, { media_type: 'movie', id: 3, title: 'A movie' }],
      [{ media_type: 'movie', id: 4, title: 'Another' }],
    ]);
    const load = moviesMatching('a').loadPage;
    const first = await load(client, 1);
    expect(first.results.map((m) => m.id)).toEqual([3]);
    expect(first).toMatchObject({ total_pages: 2, total_results: 0 });
    expect(asked).toEqual([1, 2]);
    const second = await load(client, 2);
    expect(second.results.map((m) => m.id)).toEqual([4]);
    expect(second.total_pages).toBe(2);
    // Starting over (a reload) starts from the service's first page again.
    await load(client, 1);
    expect(asked).toEqual([1, 2, 3, 1, 2]);
  });

  it('ends when no movie turns up in a few pages', async () => {
    const { client, asked } = pagesOf(Array.from({ length: 9 }, (_, i) => [{ media_type: 'person', id: i, name: `P${i}` }]));
    const page = await moviesMatching('p').loadPage(client, 1);
    expect(page.results).toEqual([]);
    expect(asked).toHaveLength(5);
  });
});

describe('a long query', () => {
  const fieldLine = (frame: string) => frame.split('\n').find((line) => /^[ ›] Search: /.test(line));

  it('at 80 columns keeps the label "Search: " whole and the query on its one line, typing and after', async ({ app }) => {
    const { ui } = await app.start();
    await ui.resize(80, 24);
    const query = 'orchard wolfpack salt '.repeat(5).slice(0, 90);
    await ui.press('3', '/');
    await ui.waitFor('Enter searches');
    await ui.press(query);
    let frame = await ui.waitFor((f) => (fieldLine(f) ?? '').includes('wolfpack salt or'));
    expect(fieldLine(frame)).toMatch(/^› Search: …/);
    expect(fieldLine(frame)!.length).toBeLessThanOrEqual(80);
    await ui.press(KEY.enter);
    frame = await ui.waitFor((f) => /^  Search: orchard/m.test(f) && /Nothing found|\[(movie|tv|person)\]/.test(f));
    const lines = frame.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  Search: '));
    expect(lines[at]).toMatch(/^ {2}Search: orchard wolfpack salt .*…$/);
    // Nothing of the query ran onto the next line.
    expect(lines[at + 1]!.trim()).toBe('');
    expect(lines.every((line) => line.length <= 80)).toBe(true);
  });

  it('of 500 characters scrolls inside its field at 160x45, never into the preview beside the results, typed as one read', async ({ app }) => {
    const { ui } = await app.start();
    await ui.resize(160, 45);
    await search(ui, 'wolf');
    await ui.waitFor('[movie]');
    const query = 'orchard wolfpack salt '.repeat(30).slice(0, 500);
    await ui.press('/');
    await ui.waitFor('Enter searches');
    await ui.press(query);
    let frame = await ui.waitFor((f) => (fieldLine(f) ?? '').startsWith('› Search: …'));
    const check = (f: string) => {
      const lines = f.split('\n');
      const at = lines.findIndex((line) => /^[ ›] Search: /.test(line));
      // The field is one line; the line under it is empty, and no result row carries the query.
      expect(lines[at + 1]!.trim()).toBe('');
      expect(lines.filter((line) => line.includes('orchard wolfpack salt orchard'))).toHaveLength(1);
      expect(lines.every((line) => line.length <= 160)).toBe(true);
    };
    check(frame);
    await ui.press(KEY.esc);
    frame = await ui.waitFor((f) => (fieldLine(f) ?? '').startsWith('  Search: '));
    check(frame);
  });
});
