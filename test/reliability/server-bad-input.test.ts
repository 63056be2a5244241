import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { errorsArrayBody, serviceErrorBody } from '../../src/contract/schemas/common.js';
import { BAD_REQUESTS, send, type BadRequest } from './bad-requests.js';
import { startSeededServer, type RawAnswer, type Seeded } from './server-fixture.js';

/**
 * The reference server meets a table of malformed requests, sent raw (no client to tidy them
 * up). Each gets the service's envelope with the status the table names, never a 500; the user
 * data (every table of the SQLite file) is the same after as before; the server keeps serving.
 */

let seeded: Seeded;

beforeAll(async () => {
  seeded = await startSeededServer();
});
afterAll(async () => {
  await seeded?.dispose();
});

/** The answer is the row's: status, and the envelope (or errors array, or a body matching the contract). */
function expectAnswer(row: BadRequest, answer: RawAnswer): void {
  const seen = `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, seen).toBeLessThan(500);
  expect(answer.contentType, seen).toMatch(/^application\/json/);
  const { expect: wanted } = row;
  expect(answer.status, seen).toBe(wanted.status);
  if (wanted.kind === 'envelope') {
    const body = serviceErrorBody.safeParse(answer.json);
    expect(body.success, seen).toBe(true);
    expect(answer.json, seen).toMatchObject({ success: false, status_code: wanted.code });
  } else if (wanted.kind === 'errors') {
    expect(errorsArrayBody.safeParse(answer.json).success, seen).toBe(true);
  } else {
    const parsed = operations[wanted.operation].response.safeParse(answer.json);
    expect(parsed.success, `${seen}\n${parsed.error?.message ?? ''}`).toBe(true);
  }
}

describe(`${BAD_REQUESTS.length} malformed requests`, () => {
  it('the table is big enough to mean something', () => {
    expect(BAD_REQUESTS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(BAD_REQUESTS.map((r) => r.name)).size).toBe(BAD_REQUESTS.length);
  });

  it.each(BAD_REQUESTS)('$method $name', async (row) => {
    const before = seeded.snapshot();
    const answer = await send(row, seeded);
    expectAnswer(row, answer);
    expect(seeded.snapshot()).toEqual(before);
  });

  it('the server is still up and the users still have their lists and rating', async () => {
    const a = seeded.clientFor({ sessionId: seeded.sessionA });
    const b = seeded.clientFor({ sessionId: seeded.sessionB });
    expect((await a.call('configuration')).images.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/p\/$/);
    const listA = await a.call('listDetails', { path: { list_id: seeded.listA } });
    expect(listA.items.map((m) => m.id).sort()).toEqual([...seeded.moviesOnA].sort());
    const listsB = await b.call('accountLists', { path: { account_id: seeded.accountB } });
    expect(listsB.results.map((l) => l.name)).toEqual(['Watchlist B']);
    const rated = await a.call('accountRatedEpisodes', { path: { account_id: seeded.accountA } });
    expect(rated.results.map((e) => e.rating)).toEqual([7.5]);
  });
});
