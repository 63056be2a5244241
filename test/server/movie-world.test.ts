import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationOrder } from '../../src/server/catalog/release-certifications.js';
import { type TestServer, expectSchema, refusal, startTestServer } from './harness.js';

/**
 * A film's keywords, other titles, release dates, reviews and translations; reviews of series;
 * collections' images and translations; companies and keywords. Every id is taken from the
 * catalog's own answers, and what one operation names, the others open and agree on.
 */

let t: TestServer;
let popular: number[];
beforeAll(async () => {
  t = await startTestServer();
  popular = (await t.client.call('popularMovies')).results.map((m) => m.id);
});
afterAll(async () => {
  await t.dispose();
});

const without = <T extends { id: unknown }>({ id: _id, ...rest }: T) => rest;

describe('a film’s facts', () => {
  it('release dates: the countries it is out in, the service’s types, the country’s own labels, and discover agrees', async () => {
    let rated = 0;
    for (const movie_id of popular.slice(0, 8)) {
      const [dates, details] = await Promise.all([
        t.client.call('movieReleaseDates', { path: { movie_id } }),
        t.client.call('movieDetails', { path: { movie_id } }),
      ]);
      expectSchema('movieReleaseDates', dates);
      expect(dates.id).toBe(movie_id);
      expect(dates.results.map((r) => r.iso_3166_1)).toContain(details.origin_country![0]);
      for (const country of dates.results) {
        const types = country.release_dates.map((d) => d.type);
        expect(types).toContain(3);
        for (const type of types) expect(type).toBeGreaterThanOrEqual(1), expect(type).toBeLessThanOrEqual(6);
        const theatrical = country.release_dates.find((d) => d.type === 3)!;
        expect(theatrical.release_date!.slice(0, 10)).toBe(details.release_date);
        const label = theatrical.certification;
        if (!label) continue;
        expect(certificationOrder('movie', country.iso_3166_1, label), `${country.iso_3166_1} ${label}`).toBeDefined();
        rated++;
        const found = await t.client.call('discoverMovies', {
          query: { certification_country: country.iso_3166_1, certification: label, 'primary_release_date.gte': details.release_date!, 'primary_release_date.lte': details.release_date! },
        });
        expect(found.results.map((m) => m.id), `${movie_id} in ${country.iso_3166_1} rated ${label}`).toContain(movie_id);
      }
    }
    expect(rated).toBeGreaterThan(0);
  });

  it('alternative titles: search finds the film by them, and the country filter keeps one country’s', async () => {
    let seen = 0;
    for (const movie_id of popular) {
      const all = await t.client.call('movieAlternativeTitles', { path: { movie_id } });
      expectSchema('movieAlternativeTitles', all);
      const first = all.titles.find((title) => title.type !== 'original title');
      if (!first) continue;
      seen++;
      const country = first.iso_3166_1!;
      const one = await t.client.call('movieAlternativeTitles', { path: { movie_id }, query: { country: country.toLowerCase() } });
      expect(one.titles.length).toBeGreaterThan(0);
      expect(one.titles.every((title) => title.iso_3166_1 === country)).toBe(true);
      expect(one.titles).toEqual(all.titles.filter((title) => title.iso_3166_1 === country));
      const search = await t.client.call('searchMulti', { query: { query: first.title! } });
      expect(search.results.map((r) => r.id)).toContain(movie_id);
      if (seen >= 3) break;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('translations: English and each language the details answer translated, with the same text', async () => {
    const movie_id = popular[0]!;
    const answer = await t.client.call('movieTranslations', { path: { movie_id } });
    expectSchema('movieTranslations', answer);
    const english = await t.client.call('movieDetails', { path: { movie_id } });
    expect(answer.translations[0]).toMatchObject({ iso_639_1: 'en', english_name: 'English', data: { title: english.title, overview: english.overview } });
    for (const translation of answer.translations.slice(1)) {
      const language = `${translation.iso_639_1}-${translation.iso_3166_1}`;
      const details = await t.client.call('movieDetails', { path: { movie_id }, query: { language } });
      expect(translation.data, language).toMatchObject({ title: details.title, overview: details.overview, tagline: details.tagline, runtime: details.runtime });
    }
    // Across films, every language of the phrasebooks shows up, and some films lack one.
    const languages = new Map<string, number>();
    for (const id of popular) {
      for (const tr of (await t.client.call('movieTranslations', { path: { movie_id: id } })).translations) {
        languages.set(tr.iso_639_1!, (languages.get(tr.iso_639_1!) ?? 0) + 1);
      }
    }
    expect([...languages.keys()].sort()).toEqual(['de', 'en', 'es', 'fr', 'ja']);
    expect(languages.get('en')).toBe(popular.length);
    expect(Math.min(...[...languages.values()])).toBeLessThan(popular.length);
  });

  it('append_to_response: each new part is its own operation’s answer', async () => {
    const movie_id = popular[0]!;
    const path = { movie_id };
    const details = await t.client.call('movieDetails', {
      path, query: { append_to_response: 'keywords,reviews,release_dates,alternative_titles,translations' },
    });
    expectSchema('movieDetails', details);
    expect(details.keywords).toEqual(without(await t.client.call('movieKeywords', { path })));
    expect(details.reviews).toEqual(await t.client.call('movieReviews', { path }).then(without));
    expect(details.release_dates).toEqual(without(await t.client.call('movieReleaseDates', { path })));
    expect(details.alternative_titles).toEqual(without(await t.client.call('movieAlternativeTitles', { path })));
    expect(details.translations).toEqual(without(await t.client.call('movieTranslations', { path })));
  });

  it('unknown films are refused', async () => {
    for (const key of ['movieKeywords', 'movieReleaseDates', 'movieAlternativeTitles', 'movieTranslations', 'movieReviews'] as const) {
      expect((await refusal(t.client.call(key, { path: { movie_id: 999_999 } }))).statusCode, key).toBe(34);
    }
  });
});

describe('reviews', () => {
  it('a popular film’s reviews come a page at a time; every review opens by its id, whole', async () => {
    const movie_id = popular[0]!;
    const first = await t.client.call('movieReviews', { path: { movie_id } });
    expectSchema('movieReviews', first);
    expect(first.total_results).toBeGreaterThan(20);
    expect(first.results).toHaveLength(20);
    const second = await t.client.call('movieReviews', { path: { movie_id }, query: { page: 2 } });
    const ids = [...first.results, ...second.results].map((r) => r.id);
    expect(new Set(ids).size).toBe(first.total_results);
    const title = (await t.client.call('movieDetails', { path: { movie_id } })).title;
    for (const review of [first.results[0]!, second.results.at(-1)!]) {
      const whole = await t.client.call('reviewDetails', { path: { review_id: review.id } });
      expectSchema('reviewDetails', whole);
      expect(whole).toMatchObject({ ...review, media_id: movie_id, media_type: 'movie', media_title: title });
    }
    const texts = first.results.map((r) => r.content!);
    expect(texts.some((text) => text.includes('\r\n\r\n'))).toBe(true);
  });

  it('series have reviews in the same catalog', async () => {
    const series = (await t.client.call('popularTv')).results.map((s) => s.id);
    let opened = 0;
    for (const series_id of series.slice(0, 5)) {
      const page = await t.client.call('seriesReviews', { path: { series_id } });
      expectSchema('seriesReviews', page);
      for (const review of page.results.slice(0, 2)) {
        const whole = await t.client.call('reviewDetails', { path: { review_id: review.id } });
        expect(whole).toMatchObject({ id: review.id, content: review.content, media_id: series_id, media_type: 'tv' });
        opened++;
      }
    }
    expect(opened).toBeGreaterThan(0);
  });

  it('ids no review has are refused, whatever their shape', async () => {
    const real = (await t.client.call('movieReviews', { path: { movie_id: popular[0]! } })).results[0]!.id;
    const altered = real.slice(0, -1) + (real.endsWith('0') ? '1' : '0');
    for (const review_id of [altered, '5488c29bc3a3686f4a00004a', 'not-a-review', '5' + '0'.repeat(23)]) {
      expect((await refusal(t.client.call('reviewDetails', { path: { review_id } }))).statusCode, review_id).toBe(34);
    }
    expect((await refusal(t.client.call('seriesReviews', { path: { series_id: 999_999 } }))).statusCode).toBe(34);
  });
});

describe('companies and keywords agree with discover', () => {
  it('a film’s companies open, and discover by a company lists the films that name it', async () => {
    const movie_id = popular[0]!;
    const { production_companies: companies } = await t.client.call('movieDetails', { path: { movie_id } });
    expect(companies!.length).toBeGreaterThan(0);
    for (const company of companies!) {
      const path = { company_id: company.id };
      const details = await t.client.call('companyDetails', { path });
      expectSchema('companyDetails', details);
      expect(details).toMatchObject({ id: company.id, name: company.name, logo_path: company.logo_path, origin_country: company.origin_country });
      expectSchema('companyAlternativeNames', await t.client.call('companyAlternativeNames', { path }));
      const images = await t.client.call('companyImages', { path });
      expectSchema('companyImages', images);
      if (company.logo_path) expect(images.logos[0]!.file_path).toBe(company.logo_path);
      else expect(images.logos).toEqual([]);
      const films = await t.client.call('discoverMovies', { query: { with_companies: String(company.id) } });
      expect(films.results.map((m) => m.id)).toContain(movie_id);
      for (const film of films.results.slice(0, 5)) {
        const named = (await t.client.call('movieDetails', { path: { movie_id: film.id } })).production_companies!.map((c) => c.id);
        expect(named, `film ${film.id}`).toContain(company.id);
      }
    }
    expect((await refusal(t.client.call('companyDetails', { path: { company_id: 1 } }))).statusCode).toBe(34);
  });

  it('a film’s keywords open; a keyword’s films are discover’s with_keywords, and each names it', async () => {
    const movie_id = popular[0]!;
    const { keywords } = await t.client.call('movieKeywords', { path: { movie_id } });
    expect(keywords.length).toBeGreaterThan(0);
    for (const keyword of keywords) {
      expect(await t.client.call('keywordDetails', { path: { keyword_id: keyword.id } })).toEqual({ id: keyword.id, name: keyword.name });
      const films = await t.client.call('keywordMovies', { path: { keyword_id: keyword.id } });
      expectSchema('keywordMovies', films);
      expect(films.results.map((m) => m.id)).toContain(movie_id);
      const discovered = await t.client.call('discoverMovies', { query: { with_keywords: String(keyword.id) } });
      expect(films.results.map((m) => m.id)).toEqual(discovered.results.map((m) => m.id));
      expect(films.total_results).toBe(discovered.total_results);
      for (const film of films.results.slice(0, 5)) {
        const named = (await t.client.call('movieKeywords', { path: { movie_id: film.id } })).keywords.map((k) => k.id);
        expect(named, `film ${film.id}`).toContain(keyword.id);
      }
    }
    expect((await refusal(t.client.call('keywordDetails', { path: { keyword_id: 1 } }))).statusCode).toBe(34);
    expect((await refusal(t.client.call('keywordMovies', { path: { keyword_id: 1 } }))).statusCode).toBe(34);
  });
});

describe('collections', () => {
  it('images start with the collection’s own poster and backdrop; translations carry its name', async () => {
    const collection_id = (await t.client.call('searchCollections', { query: { query: 'the' } })).results[0]!.id;
    const path = { collection_id };
    const [details, images, translations] = await Promise.all([
      t.client.call('collectionDetails', { path }),
      t.client.call('collectionImages', { path }),
      t.client.call('collectionTranslations', { path }),
    ]);
    expectSchema('collectionImages', images);
    expectSchema('collectionTranslations', translations);
    expect(images.posters[0]!.file_path).toBe(details.poster_path);
    expect(images.backdrops[0]!.file_path).toBe(details.backdrop_path);
    expect(translations.translations[0]).toMatchObject({ iso_639_1: 'en', data: { title: details.name, overview: details.overview } });
    for (const translation of translations.translations.slice(1)) {
      const inLanguage = await t.client.call('collectionDetails', { path, query: { language: translation.iso_639_1! } });
      expect(translation.data!.title).toBe(inLanguage.name);
    }
    expect((await refusal(t.client.call('collectionImages', { path: { collection_id: 999_999 } }))).statusCode).toBe(34);
  });
});
