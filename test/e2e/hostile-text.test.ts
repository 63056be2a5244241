import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.js';
import { ensureBundle } from '../reliability/bundle.js';
import { HOSTILE, HOSTILE_MESSAGE, HOSTILE_TITLE, SAFE_MESSAGE, SAFE_TITLE, forbiddenIn } from '../reliability/hostile-text.js';
import { startFakeService, type FakeService } from '../state/fake-service.js';
import { spawnMarquee } from './pty-harness.js';

/**
 * A service whose titles, overviews and error messages carry terminal escapes: the built TUI, in
 * a pseudo-terminal, draws their text and writes none of the escapes.
 */

let service: FakeService;
beforeAll(async () => {
  await ensureBundle();
  service = await startFakeService();
}, 180_000);
afterAll(() => service.close());

describe('service text in the TUI', () => {
  it('titles, overviews and error messages are drawn without their escape sequences', async () => {
    const page = readFixture('E14-movie-upcoming.spec.json') as { results: Record<string, unknown>[] };
    const results = page.results.map((movie, i) => ({
      ...movie,
      title: i === 0 ? HOSTILE_TITLE : i === 1 ? 'Second\nSPOOFED ROW' : movie.title,
      overview: HOSTILE_TITLE,
      poster_path: `/poster${HOSTILE.csi}.jpg`,
    }));
    service.failNext('GET /3/movie/popular', { status: 200, body: { ...page, page: 1, results, total_pages: 1, total_results: results.length } }, 5);
    service.failNext('GET /3/tv/popular', { status: 404, body: { success: false, status_code: 34, status_message: HOSTILE_MESSAGE } }, 5);

    const session = spawnMarquee({ env: { MARQUEE_BASE_URL: service.url, MARQUEE_TOKEN: service.token } });
    try {
      await session.waitForText(SAFE_TITLE, 20_000);
      // A line break in a title: the rest of it stays on its row, not drawn over the rows below.
      const rows = session.screen().split('\n');
      expect(rows.some((row) => row.includes('Second SPOOFED ROW'))).toBe(true);
      expect(rows.some((row) => /^\W*SPOOFED ROW/.test(row.trim()))).toBe(false);
      await session.press('2');
      await session.waitForText(SAFE_MESSAGE);
      expect(forbiddenIn(session.output)).toEqual([]);
    } finally {
      await session.dispose();
    }
  }, 60_000);
});
