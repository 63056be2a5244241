import { describe, expect } from 'vitest';
import { CatalogClient } from '../../src/api/client.js';
import type { StoreDeps } from '../../src/state/index.js';
import { storeTest as it, type StartedApp } from '../store-test.js';

/**
 * After a page of a long list failed to load, a jump elsewhere (G) still loads the rows it lands
 * on, and r asks again for the page of the rows on screen, not the one that failed first.
 */

/** A client whose popular movies fail on the pages in `failing`; `asked` has each page requested. */
function failingPopular() {
  const failing = new Set<number>();
  /** The last page fails too (its number known once the first page came). */
  let failLast = false;
  const asked: number[] = [];
  let totalPages = 0;
  const createClient: StoreDeps['createClient'] = (target, session) => {
    const client = new CatalogClient({ baseUrl: target.baseUrl, token: target.token ?? '', session, retry: { maxRetries: 0 }, timeoutMs: 5_000 });
    const call = async (op: string, args: { query?: { page?: number } }) => {
      if (op !== 'popularMovies') return client.call(op as never, args as never);
      const page = Number(args?.query?.page ?? 1);
      asked.push(page);
      if (failing.has(page) || (failLast && page === totalPages)) throw Object.assign(new Error('Internal error: Something went wrong, contact TMDB.'), { status: 500 });
      const answer = (await client.call(op as never, args as never)) as { total_pages: number };
      totalPages = answer.total_pages;
      return answer;
    };
    return { call: call as never, imageBytes: (address, signal) => client.imageBytes(address, signal), close: () => client.close() };
  };
  return {
    failing,
    asked,
    createClient,
    lastPage: () => totalPages,
    failTheLast: (fail: boolean) => {
      failLast = fail;
    },
  };
}

const blankRow = /^[ ›] …$/m;
const atEnd = (frame: string) => {
  const match = /(\d[\d,]*)\/(\d[\d,]*)/.exec(frame);
  return match !== null && match[1] === match[2];
};

/** Down, one row at a time, until the second page was asked for and failed. */
async function failSecondPage(ui: StartedApp['ui']) {
  for (let i = 0; i < 30; i++) {
    await ui.press('j');
    if (ui.frame().includes('could not load more')) break;
  }
  return ui.waitFor('could not load more');
}

describe('a list after a failed page', () => {
  it('G goes to the end and loads the rows there', async ({ app }) => {
    const popular = failingPopular();
    popular.failing.add(2);
    const { ui } = await app.start({ deps: { createClient: popular.createClient } });
    await failSecondPage(ui);
    await ui.press('G');
    const frame = await ui.waitFor((f) => atEnd(f) && !blankRow.test(f));
    expect(popular.asked).toContain(popular.lastPage());
    expect(frame).not.toContain('could not load more');
  });

  it('r asks again for the page on screen', async ({ app }) => {
    const popular = failingPopular();
    popular.failing.add(2);
    popular.failTheLast(true);
    const { ui } = await app.start({ deps: { createClient: popular.createClient } });
    await failSecondPage(ui);
    await ui.press('G');
    await ui.waitFor((f) => atEnd(f) && f.includes('could not load more'));
    const before = popular.asked.length;
    popular.failing.clear();
    popular.failTheLast(false);
    await ui.press('r');
    const frame = await ui.waitFor((f) => atEnd(f) && !blankRow.test(f) && !f.includes('could not load more'));
    expect(popular.asked.slice(before)).toEqual([popular.lastPage()]);
    expect(frame).toMatch(/^› \S/m);
  });
});
