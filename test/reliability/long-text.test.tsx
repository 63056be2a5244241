import { describe, expect } from 'vitest';
import { boundServiceText, SERVICE_ARRAY_LIMIT, SERVICE_TEXT_LIMITS } from '../../src/contract/text.js';
import { columns, truncate, wrapText, wrapWithin } from '../../src/ui/format.js';
import { readFixture } from '../fixtures.js';
import { storeTest } from '../store-test.js';
import { KEY } from '../ui/harness.js';

/**
 * A service whose text is huge: a 1 MB word, a 1 MB run of wide characters and arrays of
 * 100,000 elements. The TUI cuts what it shows before it measures or wraps it, so the list and
 * the movie draw at once and keys still act; these tests time out on a TUI that wraps it all.
 */

const it = storeTest.override('over', 'fake');

const MEGABYTE_WORD = 'x'.repeat(1_000_000);
const MEGABYTE_WIDE = '漢'.repeat(350_000); // 3 bytes each in UTF-8: about 1 MB, 700,000 columns
const MANY = 100_000;

function hostilePage() {
  const page = readFixture('E14-movie-upcoming.spec.json') as { results: Record<string, unknown>[] };
  const results = page.results.map((movie, i) => ({
    ...movie,
    id: 9000 + i,
    title: i === 0 ? `Longword ${MEGABYTE_WORD}` : i === 1 ? `Wide ${MEGABYTE_WIDE}` : movie.title,
    overview: i === 0 ? MEGABYTE_WORD : i === 1 ? MEGABYTE_WIDE : movie.overview,
    genre_ids: i === 0 ? Array.from({ length: MANY }, (_, n) => n) : movie.genre_ids,
  }));
  return { status: 200, body: { ...page, page: 1, results, total_pages: 1, total_results: results.length } };
}

function hostileMovie(id: number) {
  const movie = readFixture('E1-movie-latest.spec.json') as Record<string, unknown>;
  return {
    status: 200,
    body: {
      ...movie,
      id,
      title: `Longword ${MEGABYTE_WORD}`,
      tagline: MEGABYTE_WIDE,
      overview: `${MEGABYTE_WORD} ${MEGABYTE_WIDE}`,
      homepage: `https://example.org/${MEGABYTE_WORD}`,
      genres: Array.from({ length: MANY }, (_, n) => ({ id: n, name: `Genre ${n}` })),
      production_companies: Array.from({ length: MANY }, (_, n) => ({ id: n, name: `Company ${n}`, logo_path: null, origin_country: 'US' })),
      production_countries: Array.from({ length: MANY }, () => ({ iso_3166_1: 'US', name: 'United States of America' })),
      spoken_languages: Array.from({ length: MANY }, () => ({ iso_639_1: 'en', english_name: 'English', name: 'English' })),
    },
  };
}

describe('text bounded before layout', () => {
  it('answers keep prose to SERVICE_TEXT_LIMITS.prose, other strings to .other, arrays to SERVICE_ARRAY_LIMIT', () => {
    const answer = { title: MEGABYTE_WORD, overview: MEGABYTE_WIDE, genres: Array.from({ length: MANY }, (_, n) => ({ id: n, name: MEGABYTE_WORD })), id: 7 };
    const bounded = boundServiceText(answer);
    expect(bounded.title).toHaveLength(SERVICE_TEXT_LIMITS.other);
    expect(bounded.title.endsWith('x…')).toBe(true);
    expect(bounded.overview).toHaveLength(SERVICE_TEXT_LIMITS.prose);
    expect(bounded.genres).toHaveLength(SERVICE_ARRAY_LIMIT);
    expect(bounded.genres[1]).toEqual({ id: 1, name: `${'x'.repeat(SERVICE_TEXT_LIMITS.other - 1)}…` });
    // An answer within the limits is the same object: nothing copied.
    const usual = { title: 'Heat', overview: 'A thief.', genres: [{ id: 1, name: 'Crime' }] };
    expect(boundServiceText(usual)).toBe(usual);
  });

  it('never cuts a character in half', () => {
    const emoji = '😀'.repeat(SERVICE_TEXT_LIMITS.other);
    const cut = boundServiceText({ name: emoji }).name;
    expect(cut.endsWith('😀…')).toBe(true);
    expect(cut.at(-2)).toBe('\uDE00'); // the low half of the last 😀: no lone high surrogate
  });

  it('wraps a 1 MB word and a 1 MB run of wide characters, within the rows asked for', () => {
    expect(wrapWithin(MEGABYTE_WORD, 60, 3)).toEqual(['x'.repeat(60), 'x'.repeat(60), '…']);
    expect(wrapWithin(MEGABYTE_WIDE, 60, 2)).toEqual(['漢'.repeat(30), '…']);
    const lines = wrapText(MEGABYTE_WIDE, 77);
    expect(lines.every((line) => columns(line) <= 77)).toBe(true);
    expect(lines.join('')).toBe(MEGABYTE_WIDE);
    expect(truncate(MEGABYTE_WIDE, 9)).toBe('漢漢漢漢…');
  });
});

describe('huge text from the service', () => {
  it('the list and its preview draw with a 1 MB word, a 1 MB run of wide characters and 100,000 genres', async ({ app, service }) => {
    service.fake.failNext('GET /3/movie/popular', hostilePage(), 5);
    const { ui } = await app.start({ columns: 160, rows: 45 });
    const frame = await ui.waitFor('Longword xxxx', 60_000);
    // The row is cut to the width of the list; nothing of the word spills past the frame.
    expect(frame.split('\n').every((line) => line.length <= 160)).toBe(true);
    await ui.press('j');
    await ui.waitFor('Wide 漢漢', 60_000);
  });

  it('a movie with a 1 MB title, overview and address and 100,000 genres and companies draws and scrolls', async ({ app, service }) => {
    service.fake.failNext('GET /3/movie/popular', hostilePage(), 5);
    service.fake.failNext('GET /3/movie/9000', hostileMovie(9000), 5);
    const { ui } = await app.start({ columns: 160, rows: 45 });
    await ui.waitFor('Longword xxxx', 60_000);
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('Genre 0, Genre 1', 60_000);
    // The tagline of wide characters is wrapped within the frame and cut with "…".
    expect(frame).toMatch(/“漢漢[^\n]*\n(\s+漢+\n)+\s+漢*…”/);
    await ui.press(KEY.end);
    // At the end, the overview: the 1 MB word cut (its rest is left out, marked with "…").
    await ui.waitFor(/x…\n/, 60_000);
    // Esc goes back to the list at once.
    await ui.press(KEY.esc);
    await ui.waitFor('Movies › Popular', 60_000);
  });
});
