import { describe, expect } from 'vitest';
import type { MovieListItem, TrendingItem } from '../../src/contract/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/** Discover and Trending on the embedded catalog, with keys one at a time and in bursts. */

type Page<T> = { results: T[]; total_results: number };

const DRAMA_ROW = 6; // Action, Adventure, Animation, Comedy, Crime, Documentary, Drama
const SORTS_TO_RATING = 8; // popularity.desc -> vote_average.desc in the documented order

/** Discover movies: Drama, 1990 to 2020, rated 7 or more, best rated first. Each string is one read. */
const DISCOVER_KEYS = {
  oneAtATime: [
    'D', 'f', KEY.enter, ...Array<string>(DRAMA_ROW).fill('j'), KEY.enter, KEY.esc,
    KEY.down, KEY.down, '1', '9', '9', '0', KEY.down, '2', '0', '2', '0', KEY.down, '7', KEY.down, KEY.down,
    ...Array<string>(SORTS_TO_RATING).fill(KEY.right), KEY.enter,
  ],
  burst: [
    'Df\r', `${'j'.repeat(DRAMA_ROW)}\r${KEY.esc}`,
    `${KEY.down}${KEY.down}1990${KEY.down}2020${KEY.down}7${KEY.down}${KEY.down}${KEY.right.repeat(SORTS_TO_RATING)}\r`,
  ],
};
const DISCOVER_QUERY =
  'with_genres=18&primary_release_date.gte=1990-01-01&primary_release_date.lte=2020-12-31&vote_average.gte=7&sort_by=vote_average.desc';

const titleOf = (item: TrendingItem) => (item.media_type === 'movie' ? item.title : item.name)!;

async function discover(service: Service, ui: Rendered, keys: readonly string[]) {
  await ui.press(...keys);
  const expected = await service.get<Page<MovieListItem>>(`/3/discover/movie?${DISCOVER_QUERY}`);
  expect(expected.results.length).toBeGreaterThan(2);
  return ui.waitFor(
    (frame) => frame.includes(`1/${expected.total_results}`) && expected.results.slice(0, 3).every((m) => frame.includes(m.title!)),
  );
}

describe('Discover', () => {
  it('three filters and a sort, keys one at a time: the list the service gives for them; Enter opens a film and Esc comes back to it', async ({ app, service }) => {
    const { ui, store } = await app.start();
    const frame = await discover(service, ui, DISCOVER_KEYS.oneAtATime);
    expect(frame).toContain('Genres Drama · Years 1990–2020 · Rating ≥ 7');
    expect(frame).toContain('Sort Rating, highest first');
    const first = (await service.get<Page<MovieListItem>>(`/3/discover/movie?${DISCOVER_QUERY}`)).results[0]!;

    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes(`Discover › ${first.title}`) && f.includes('Details'));
    await ui.press(KEY.esc);
    const back = await ui.waitFor('Discover movies');
    expect(back).toContain('Genres Drama · Years 1990–2020 · Rating ≥ 7');
    expect(store.getState().nav.stacks.movies.at(-1)!.params).toMatchObject({ kind: 'movie', filters: { genres: [18], sort: 'vote_average.desc' } });
  });

  it('the same keys as a burst give the same screen and the same filters', async ({ app, service }) => {
    const single = await app.start();
    const one = await discover(service, single.ui, DISCOVER_KEYS.oneAtATime);
    const oneParams = single.store.getState().nav.stacks.movies.at(-1)!.params;
    single.ui.unmount();
    const burst = await app.start();
    const all = await discover(service, burst.ui, DISCOVER_KEYS.burst);
    expect(all).toBe(one);
    expect(burst.store.getState().nav.stacks.movies.at(-1)!.params).toEqual(oneParams);
  });

  it('a range the service refuses shows its message where the list was, and mending it brings the list back', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press('f', KEY.down, KEY.down, '2', '0', '2', '0', KEY.down, '1', '9', '9', '0');
    const frame = await ui.waitFor('Could not load discovered movies');
    // The service's message, as the panel wraps it.
    expect(frame.replace(/\s+/g, ' ')).toContain('primary_release_date.gte (2020-01-01) is after primary_release_date.lte (1990-12-31)');
    await ui.press(KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace, '2', '0', '2', '1');
    await ui.waitFor((f) => !f.includes('Could not load') && /1\/[\d,]+/.test(f));
  });

  it('a failed load clears the preview of the list it no longer shows, and offers no retry that cannot help', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.resize(160, 45);
    await ui.press('D');
    const first = (await service.get<Page<MovieListItem>>('/3/discover/movie?sort_by=popularity.desc')).results[0]!;
    // The preview beside the list shows the highlighted film (its overview starts there).
    const overview = first.overview!.slice(0, 30);
    await ui.waitFor((f) => f.includes('Discover movies') && f.includes(overview));
    await ui.press('f', KEY.down, KEY.down, '2', '0', '1', '0', KEY.down, '2', '0', '0', '0');
    const frame = await ui.waitFor('Could not load discovered movies');
    expect(frame).not.toContain(first.title!);
    expect(frame).not.toContain(overview);
    expect(frame).toContain('Nothing highlighted');
    expect(frame).not.toContain('Press r to try again');
  });

  it('the filter form moves with the arrows, one key at a time and in one read, and a key that does nothing says why', async ({ app }) => {
    const footer = (frame: string) => frame.trimEnd().split('\n').at(-1)!;
    const selectedField = (frame: string) => frame.split('\n').find((line) => /^› (Genres|Match|From year|To year|Rating ≥|Language|Sort by) /.test(line));
    const one = await app.start();
    await one.ui.press('D');
    await one.ui.waitFor('Discover movies');
    await one.ui.press('f');
    await one.ui.waitFor('› Genres');
    // j and k type in the pickers these fields open: in the form they do not move either.
    await one.ui.press('j');
    expect(selectedField(one.ui.frame())).toMatch(/^› Genres/);
    await one.ui.press(KEY.down, KEY.down);
    expect(selectedField(one.ui.frame())).toMatch(/^› From year/);
    await one.ui.press(KEY.up);
    expect(selectedField(one.ui.frame())).toMatch(/^› Match/);
    await one.ui.press(KEY.down, '2', '0', '1', '0');
    await one.ui.waitFor(/› From year\s+2010/);
    const params = one.store.getState().nav.stacks.movies.at(-1)!.params;
    // Digits on the genres say where digits go; ←/→ there say that Enter chooses them.
    await one.ui.press(KEY.up, KEY.up, '7');
    let frame = await one.ui.waitFor('Digits go into the years and the rating');
    expect(selectedField(frame)).toMatch(/^› Genres/);
    await one.ui.press(KEY.right);
    frame = await one.ui.waitFor('Genres is chosen from a list: Enter opens it');
    expect(one.store.getState().nav.stacks.movies.at(-1)!.params).toEqual(params);
    expect(footer(frame).match(/\bEsc\b/g) ?? []).toHaveLength(1);
    one.ui.unmount();

    const burst = await app.start();
    await burst.ui.press('D');
    await burst.ui.waitFor('Discover movies');
    await burst.ui.press(`f${KEY.down}${KEY.down}${KEY.up}${KEY.down}2010`);
    await burst.ui.waitFor(/› From year\s+2010/);
    expect(burst.store.getState().nav.stacks.movies.at(-1)!.params).toEqual(params);
  });

  it('in the language picker j and k type, and Enter with nothing matching says why', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press('f');
    await ui.waitFor('› Genres');
    for (let i = 0; i < 5; i++) await ui.press(KEY.down);
    await ui.waitFor(/› Language/);
    await ui.press(KEY.enter);
    await ui.waitFor('type a code or a name');
    await ui.press('j', 'j', 'k');
    await ui.waitFor('Nothing matches "jjk"');
    await ui.press(KEY.enter);
    await ui.waitFor('Nothing matches "jjk": Backspace changes what you typed');
  });

  it('the country picker puts every name in one column, after the widest code (CA-QC as much as CA)', async ({ app }) => {
    const { ui } = await app.start({ columns: 80, rows: 24 });
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press('f');
    await ui.waitFor('› Genres');
    for (let i = 0; i < 7; i++) await ui.press(KEY.down);
    await ui.waitFor(/› Rated in/);
    await ui.press(KEY.enter);
    await ui.waitFor('type a code or a name');
    await ui.type('canada');
    const frame = await ui.waitFor('CA-QC');
    const canada = frame.split('\n').find((line) => /\bCA +Canada\b/.test(line))!;
    const quebec = frame.split('\n').find((line) => line.includes('CA-QC'))!;
    expect(quebec.indexOf('Canada (Quebec)')).toBe(canada.indexOf('Canada'));
  });

  it('the genre picker footer says Enter ticks, and while filtering names each key once with what it does then', async ({ app }) => {
    const { ui } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press('f', KEY.enter);
    let frame = await ui.waitFor('Genres of movies');
    const footer = (f: string) => f.trimEnd().split('\n').at(-1)!;
    expect(footer(frame)).toContain('Enter ticks');
    expect(footer(frame)).not.toContain('Enter open');
    await ui.press('j', KEY.enter);
    frame = await ui.waitFor('[x]');
    await ui.press('/');
    frame = await ui.waitFor('Filtering the genres');
    const keys = (f: string) => [...footer(f).matchAll(/(?:^|\s{2})(\S+) /g)].map((m) => m[1]);
    // Esc keeps the filter here, as Enter does (it does not close the picker): the footer does not
    // offer it as "done", and names each key once.
    expect(footer(frame)).toContain('keep filter');
    expect(footer(frame)).not.toContain('Esc done');
    expect(new Set(keys(frame)).size).toBe(keys(frame).length);
    await ui.type('dr');
    await ui.press(KEY.enter);
    frame = await ui.waitFor((f) => footer(f).includes('Enter ticks'));
    expect(new Set(keys(frame)).size).toBe(keys(frame).length);
  });

  it('switches to TV series from the Movies tab, and opens from the TV tab on series', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press('t');
    const series = await service.get<Page<{ name: string }>>('/3/discover/tv?sort_by=popularity.desc');
    await ui.waitFor((f) => f.includes('Discover TV series') && f.includes(series.results[0]!.name));
    await ui.press(KEY.esc, '2', 'D');
    await ui.waitFor((f) => f.includes('TV › Popular › Discover') && f.includes(series.results[0]!.name));
  });
});

/** From Discover's results: the form, its certification country (GB), then its label (15); back to the list. */
const CERTIFICATION_KEYS = ['f', KEY.up, KEY.up, KEY.up, KEY.enter, 'G', 'B', KEY.enter, KEY.down, KEY.enter, '1', '5', KEY.enter, KEY.esc];
/** Back in the form (on the label), the next field: "or below", switched on. */
const OR_BELOW_KEYS = ['f', KEY.down, KEY.right, KEY.esc];

type Ladder = { certification: string; order: number }[];

describe("Discover's certification filter", () => {
  it.for([
    ['one key at a time', (keys: string[]) => keys],
    ['in one read', (keys: string[]) => [keys.join('')]],
  ] as const)('a country and a label from the certification lists: the films listed carry that label there, and "or below" widens to the milder ones (%s)', async ([_how, reads], { app, service }) => {
    const { ui, store } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press(...reads(CERTIFICATION_KEYS));
    const only = await service.get<Page<MovieListItem>>('/3/discover/movie?sort_by=popularity.desc&certification_country=GB&certification=15');
    expect(only.total_results).toBeGreaterThan(2);
    const frame = await ui.waitFor((f) => f.includes('Rated 15 in GB') && f.includes(`1/${only.total_results}`));
    for (const film of only.results.slice(0, 3)) expect(frame).toContain(film.title!);
    expect(store.getState().nav.stacks.movies.at(-1)!.params).toMatchObject({ filters: { certificationCountry: 'GB', certification: '15', certificationOrBelow: false } });
    // Every film of the answer is rated 15 in the United Kingdom, by its own release dates.
    for (const film of only.results) {
      const dates = await service.get<{ results: { iso_3166_1: string; release_dates: { certification: string }[] }[] }>(`/3/movie/${film.id}/release_dates`);
      const labels = new Set(dates.results.find((r) => r.iso_3166_1 === 'GB')!.release_dates.map((d) => d.certification));
      expect([...labels], film.title ?? undefined).toEqual(['15']);
    }

    await ui.press(...reads(OR_BELOW_KEYS));
    const below = await service.get<Page<MovieListItem>>('/3/discover/movie?sort_by=popularity.desc&certification_country=GB&certification.lte=15');
    expect(below.total_results).toBeGreaterThan(only.total_results);
    await ui.waitFor((f) => f.includes('Rated 15 or below in GB') && f.includes(`1/${below.total_results}`));
    const ladder = (await service.get<{ certifications: Record<string, Ladder> }>('/3/certification/movie/list')).certifications.GB!;
    const orderOf = (label: string) => ladder.find((c) => c.certification === label)!.order;
    for (const film of below.results) {
      const dates = await service.get<{ results: { iso_3166_1: string; release_dates: { certification: string }[] }[] }>(`/3/movie/${film.id}/release_dates`);
      for (const date of dates.results.find((r) => r.iso_3166_1 === 'GB')!.release_dates) expect(orderOf(date.certification)).toBeLessThanOrEqual(orderOf('15'));
    }
  });

  it("series: the country's TV ladder; a label the kind does not have goes when the kind changes", async ({ app, service }) => {
    const { ui, store } = await app.start();
    await ui.press('D');
    await ui.waitFor('Discover movies');
    await ui.press(...CERTIFICATION_KEYS);
    await ui.waitFor('Rated 15 in GB');
    // Series: the label is chosen again (from the TV ladder), the country stays.
    await ui.press('t');
    await ui.waitFor((f) => f.includes('Discover TV series') && !f.includes('Rated 15'));
    expect(store.getState().nav.stacks.movies.at(-1)!.params).toMatchObject({ kind: 'tv', filters: { certificationCountry: 'GB', certification: undefined } });
    // The form opens on the field last used: the label.
    await ui.press('f', KEY.enter);
    // The United Kingdom's TV labels, mildest first, each with its meaning.
    const tvLadder = (await service.get<{ certifications: Record<string, Ladder> }>('/3/certification/tv/list')).certifications.GB!;
    const label = [...tvLadder].sort((a, b) => a.order - b.order).at(-1)!.certification;
    await ui.waitFor('TV certification in United Kingdom, mildest first');
    await ui.type(label);
    await ui.press(KEY.enter, KEY.esc);
    const expected = await service.get<Page<{ id: number; name: string }>>(`/3/discover/tv?sort_by=popularity.desc&certification_country=GB&certification=${encodeURIComponent(label)}`);
    expect(expected.total_results).toBeGreaterThan(0);
    await ui.waitFor((f) => f.includes(`Rated ${label} in GB`) && f.includes(`1/${expected.total_results}`));
    for (const series of expected.results) {
      const ratings = await service.get<{ results: { iso_3166_1: string; rating: string }[] }>(`/3/tv/${series.id}/content_ratings`);
      expect(ratings.results.find((r) => r.iso_3166_1 === 'GB')?.rating, series.name).toBe(label);
    }
  });
});

describe('Trending', () => {
  async function shows(service: Service, ui: Rendered, path: string, heading: string) {
    const page = await service.get<Page<TrendingItem>>(path);
    // Settled: the list fills the screen with as many pages as it needs, so no page is still loading.
    return ui.waitFor((f) => f.includes(heading) && !f.includes('loading more') && page.results.slice(0, 3).every((item) => f.includes(titleOf(item))));
  }

  it('switches window and kind, one key at a time; Enter opens a person and Esc comes back to the same list', async ({ app, service }) => {
    const { ui } = await app.start();
    await ui.press('T');
    await shows(service, ui, '/3/trending/movie/day', 'Trending today');
    await ui.press('t');
    await shows(service, ui, '/3/trending/tv/day', 'Trending today');
    await ui.press('w');
    await shows(service, ui, '/3/trending/tv/week', 'Trending this week');
    await ui.press('a');
    const all = await shows(service, ui, '/3/trending/all/week', 'Trending this week');
    expect(all).toMatch(/\[movie\]/);
    expect(all).toMatch(/\[tv\]/);
    await ui.press('p');
    await shows(service, ui, '/3/trending/person/week', 'Trending this week');
    const people = await service.get<Page<TrendingItem>>('/3/trending/person/week');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes(`Trending › ${titleOf(people.results[0]!)}`) && f.includes('Profile images'));
    await ui.press(KEY.esc);
    await shows(service, ui, '/3/trending/person/week', 'Trending this week');
  });

  it('the same keys as a burst give the same screen', async ({ app, service }) => {
    const single = await app.start();
    await single.ui.press('T', 't', 'w', KEY.right);
    const one = await shows(service, single.ui, '/3/trending/person/week', 'Trending this week');
    single.ui.unmount();
    const burst = await app.start();
    await burst.ui.press(`Ttw${KEY.right}`);
    expect(await shows(service, burst.ui, '/3/trending/person/week', 'Trending this week')).toBe(one);
  });
});
