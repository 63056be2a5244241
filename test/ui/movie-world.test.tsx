import { describe, expect } from 'vitest';
import type { MovieDetails, MovieListItem, ReviewItem } from '../../src/contract/index.js';
import { storeTest as it, type Service } from '../store-test.js';
import { KEY, type Rendered } from './harness.js';

/**
 * Reviews on the film and series screens, and the links from a film to its companies and
 * keywords, on the embedded catalog: keys one at a time and as a burst, at 80x24 and 160x45.
 */

type Page<T> = { results: T[]; total_results: number };

async function firstPopular(service: Service): Promise<MovieListItem> {
  return (await service.get<Page<MovieListItem>>('/3/movie/popular')).results[0]!;
}

/** From the popular list, the first film's screen. */
async function openFirstFilm(ui: Rendered, film: MovieListItem) {
  await ui.press(KEY.enter);
  await ui.waitFor((f) => f.includes(film.title!) && f.includes('Details'));
}

describe('reviews', () => {
  it('a film’s reviews list author, rating, date and the start of the text; Enter opens one whole, and it scrolls', async ({ app, service }) => {
    const { ui } = await app.start();
    const film = await firstPopular(service);
    const reviews = await service.get<Page<ReviewItem>>(`/3/movie/${film.id}/reviews`);
    expect(reviews.total_results).toBeGreaterThan(20);
    await openFirstFilm(ui, film);
    await ui.press('e');
    const list = await ui.waitFor(`${reviews.total_results} reviews`);
    const first = reviews.results[0]!;
    expect(list).toContain(first.author);
    expect(list).toContain(first.author_details!.rating == null ? 'no rating' : `${first.author_details!.rating}/10`);

    // The one whose text is longest, so that it needs scrolling in a small window.
    const longest = reviews.results.reduce((best, r, i) => (r.content!.length > reviews.results[best]!.content!.length ? i : best), 0);
    await ui.resize(60, 16);
    await ui.press(...Array<string>(longest).fill('j'), KEY.enter);
    const review = reviews.results[longest]!;
    const firstWords = review.content!.replace(/[*_]/g, '').split(/\s+/).slice(0, 3).join(' ');
    const opened = await ui.waitFor((f) => f.includes(`Review by ${review.author}`) && f.includes(firstWords));
    expect(opened).toMatch(/lines 1-\d+ of \d+/);
    const lastLine = review.content!.trim().split(/\r?\n/).at(-1)!;
    const lastWords = lastLine.split(/\s+/).slice(-2).join(' ');
    expect(opened).not.toContain(lastWords);
    await ui.press('G');
    await ui.waitFor((f) => f.includes(lastWords) && !f.includes('lines 1-'));
    await ui.press(KEY.esc);
    await ui.waitFor(`${reviews.total_results} reviews`);
  });

  it('text pasted with terminal sequences shows as its words, never as terminal commands', async ({ app, service }) => {
    const { ui } = await app.start();
    const film = await firstPopular(service);
    const reviews = await service.get<Page<ReviewItem>>(`/3/movie/${film.id}/reviews`);
    const index = reviews.results.findIndex((r) => r.content!.includes('\u001b'));
    expect(index).toBeGreaterThanOrEqual(0);
    await openFirstFilm(ui, film);
    await ui.press('e');
    await ui.waitFor(`${reviews.total_results} reviews`);
    await ui.press(...Array<string>(index).fill('j'), KEY.enter);
    await ui.waitFor(`Review by ${reviews.results[index]!.author}`);
    await ui.press('G');
    const words = reviews.results[index]!.content!.split('\u001b')[1]!.replace(/^[^a-zA-Z]*[a-zA-Z]/, '').trim().split(/\s+/)[0] ?? '';
    await ui.waitFor((f) => f.includes(words));
    const written = ui.written().join('');
    for (const sequence of ['\u001b]0;hello', '\u001b[2J', '\u001b[31mspoilers']) expect(written).not.toContain(sequence);
  });

  it('a series’ reviews open the same way', async ({ app, service }) => {
    const { ui } = await app.start();
    const series = (await service.get<Page<{ id: number; name: string }>>('/3/tv/popular')).results;
    let chosen: { index: number; reviews: Page<ReviewItem> } | undefined;
    for (const [index, s] of series.slice(0, 10).entries()) {
      const reviews = await service.get<Page<ReviewItem>>(`/3/tv/${s.id}/reviews`);
      if (reviews.total_results > 0) {
        chosen = { index, reviews };
        break;
      }
    }
    expect(chosen).toBeDefined();
    await ui.press('2');
    await ui.waitFor(series[0]!.name);
    await ui.press(...Array<string>(chosen!.index).fill('j'), KEY.enter);
    await ui.waitFor((f) => f.includes(series[chosen!.index]!.name) && f.includes('Details'));
    await ui.press('e');
    const count = chosen!.reviews.total_results;
    await ui.waitFor(`${count} ${count === 1 ? 'review' : 'reviews'}`);
    await ui.press(KEY.enter);
    await ui.waitFor(`Review by ${chosen!.reviews.results[0]!.author}`);
  });
});

describe('a film’s companies and keywords', () => {
  const companyKeys = { oneAtATime: [KEY.enter, 'K', KEY.enter], burst: [`${KEY.enter}K${KEY.enter}`] };

  for (const [how, keys] of Object.entries(companyKeys)) {
    for (const [columns, rows] of [[80, 24], [160, 45]] as const) {
      it(`film -> company -> film (${how}, ${columns}x${rows}): the company's details and films; Enter opens one, Esc comes back`, async ({ app, service }) => {
        const { ui } = await app.start();
        await ui.resize(columns, rows);
        const film = await firstPopular(service);
        const details = await service.get<MovieDetails>(`/3/movie/${film.id}`);
        const company = details.production_companies![0]!;
        const films = await service.get<Page<MovieListItem>>(`/3/discover/movie?with_companies=${company.id}`);
        expect(films.results.map((m) => m.id)).toContain(film.id);
        await ui.press(...keys);
        const page = await ui.waitFor((f) => f.includes(`${films.total_results} films`) && f.includes(films.results[0]!.title!));
        expect(page).toContain(company.name);
        // The details line names the company's country once, after its town.
        const about = await service.get<{ headquarters: string }>(`/3/company/${company.id}`);
        expect(page).toContain(about.headquarters);
        expect(page).not.toMatch(/(\p{L}[\p{L} ]*) · \1\b/u);
        const other = films.results.findIndex((m) => m.id !== film.id);
        await ui.press(...Array<string>(other).fill('j'), KEY.enter);
        await ui.waitFor((f) => f.includes(`${films.results[other]!.title!} (`) && f.includes('Details'));
        await ui.press(KEY.esc);
        await ui.waitFor(`${films.total_results} films`);
      });
    }
  }

  it('a keyword lists its films, as keyword/movies gives them', async ({ app, service }) => {
    const { ui } = await app.start();
    const film = await firstPopular(service);
    const details = await service.get<MovieDetails>(`/3/movie/${film.id}`);
    const { keywords } = await service.get<{ keywords: Array<{ id: number; name: string }> }>(`/3/movie/${film.id}/keywords`);
    const keyword = keywords[0]!;
    const films = await service.get<Page<MovieListItem>>(`/3/keyword/${keyword.id}/movies`);
    await openFirstFilm(ui, film);
    await ui.press('K');
    await ui.waitFor(keyword.name);
    // Companies first, then the collection, then the keywords.
    const before = details.production_companies!.length + (details.belongs_to_collection ? 1 : 0);
    await ui.press(...Array<string>(before).fill('j'), KEY.enter);
    await ui.waitFor((f) => f.includes(`Keyword: ${keyword.name}`) && f.includes(`${films.total_results} films`) && f.includes(films.results[0]!.title!));
  });
});
