import { afterEach, describe, expect, vi } from 'vitest';
import { CatalogClient, ContractMismatchError } from '../../src/api/index.js';
import { operations } from '../../src/contract/index.js';
import { readFixture } from '../fixtures.js';
import { serverTest } from './server-fixture.js';

/**
 * How the client checks an answer: a body of the right shape is taken as JSON.parse made it,
 * without zod building a copy of it (that copy and its garbage were most of the client's CPU
 * beyond the request itself); a body of the wrong shape still goes through zod, for its problems.
 */

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  const client = new CatalogClient({ baseUrl: server.url, token: 'token-for-tests', retry: { maxRetries: 0 }, cache: false });
  onCleanup(() => client.close());
  return client;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading an answer', () => {
  test('a page of the right shape is read without zod, as the service sent it', async ({ server, client }) => {
    const body = readFixture('E18-tv-popular.spec.json') as { results: Array<Record<string, unknown>> };
    server.handle(() => ({ body }));
    const zod = vi.spyOn(operations.popularTv.response, 'safeParse');
    const page = await client.call('popularTv');
    expect(zod).not.toHaveBeenCalled();
    expect(page).toEqual(body);
    // The service's own key order, not the schema's.
    expect(Object.keys(page.results[0]!)).toEqual(Object.keys(body.results[0]!));
  });

  test('each caller gets its own copy of the same answer', async ({ server, client }) => {
    server.handle(() => ({ body: readFixture('E18-tv-popular.spec.json') }));
    const first = await client.call('popularTv');
    const second = await client.call('popularTv');
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.results[0]).not.toBe(first.results[0]);
  });

  test('a page of the wrong shape goes through zod, which names the field', async ({ server, client }) => {
    const body = readFixture('E18-tv-popular.spec.json') as { results: Array<Record<string, unknown>> };
    body.results[3]!.vote_average = '7.5';
    server.handle(() => ({ body }));
    const zod = vi.spyOn(operations.popularTv.response, 'safeParse');
    const error = await client.call('popularTv').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(zod).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ContractMismatchError);
    expect((error as ContractMismatchError).problems).toEqual([
      { path: 'results[3].vote_average', message: 'Invalid input: expected number, received string' },
    ]);
  });

  test('a list id sent as text is read by zod, which makes it a number', async ({ server, client }) => {
    server.handle(() => ({ body: { id: '12', name: 'Watch', items: [], item_count: 0, description: '', created_by: 'me' } }));
    const list = await client.call('listDetails', { path: { list_id: 12 } });
    expect(list.id).toBe(12);
  });
});
