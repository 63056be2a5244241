import { createServer } from 'node:http';

/**
 * A loopback service just rich enough for the Movies tab's first screen, whose first popular
 * film can carry a hostile text: a title and an overview that are one word of a million letters. The
 * start-up benchmark runs Marquee against it twice, with and without that word, so the ratio
 * shows what the word costs (before text was bounded, it froze the TUI for minutes).
 *
 * Every answer is built once, before the first request, so the service's own work does not
 * count in what is measured. Posters are absent (poster_path null): no picture is fetched.
 */

export const LONG_WORD_LETTERS = 1_000_000;
const FILMS = 20;

function popularFilms(longWord) {
  const word = 'a'.repeat(LONG_WORD_LETTERS);
  const results = Array.from({ length: FILMS }, (_, i) => ({
    adult: false,
    backdrop_path: null,
    genre_ids: [27, 53],
    id: 9000 + i,
    original_language: 'en',
    original_title: `Film number ${i + 1}`,
    overview: longWord && i === 0 ? word : 'Two sisters find an old record that wakes something in the building.',
    popularity: 1000 - i,
    poster_path: null,
    release_date: '2023-04-12',
    title: longWord && i === 0 ? word : `Film number ${i + 1}`,
    video: false,
    vote_average: 7,
    vote_count: 207,
  }));
  return { page: 1, results, total_pages: 1, total_results: FILMS };
}

const answers = (longWord) => {
  const json = (body, status = 200) => ({ status, body: Buffer.from(JSON.stringify(body)) });
  return new Map([
    ['/3/authentication', json({ success: true, status_code: 1, status_message: 'Success.' })],
    [
      '/3/configuration',
      json({
        images: {
          base_url: 'http://image.tmdb.org/t/p/',
          secure_base_url: 'https://image.tmdb.org/t/p/',
          backdrop_sizes: ['w300', 'w780', 'w1280', 'original'],
          logo_sizes: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
          poster_sizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
          profile_sizes: ['w45', 'w185', 'h632', 'original'],
          still_sizes: ['w92', 'w185', 'w300', 'original'],
        },
        change_keys: [],
      }),
    ],
    ['/3/genre/movie/list', json({ genres: [{ id: 27, name: 'Horror' }, { id: 53, name: 'Thriller' }] })],
    ['/3/movie/popular', json(popularFilms(longWord))],
  ]);
};

const NOT_FOUND = Buffer.from(JSON.stringify({ success: false, status_code: 34, status_message: 'The resource you requested could not be found.' }));

/** Starts the service on a free loopback port; `longWord` chooses the hostile or the plain films. */
export function startLongWordService({ longWord }) {
  const table = answers(longWord);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const answer = table.get(path) ?? { status: 404, body: NOT_FOUND };
    response.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8', 'content-length': answer.body.length });
    response.end(answer.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        token: 'long-word-service-token',
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
