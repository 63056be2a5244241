import { describe, expect, test } from 'vitest';
import type { CallArgs } from '../../src/api/types.js';
import type { OperationKey, ReadOperationKey } from '../../src/contract/index.js';
import type { CatalogApi } from '../../src/state/deps.js';
import { operationSource, type OperationParams } from '../../src/state/slices/queries.js';

// Type-checked with the rest of test/ (tsc): a read's parameters are the client's call arguments
// for any read, with no cast, and a write's are not (a write may need a body).
const readArgs = <K extends ReadOperationKey>(params: OperationParams<K>): CallArgs<K> => params;
// @ts-expect-error a write's call arguments may need a body that read parameters never hold
const writeArgs = <K extends OperationKey>(params: OperationParams<K>): CallArgs<K> => params;

describe("a read's parameters", () => {
  test('go to the client as they are', async () => {
    const calls: Array<{ op: string; args: unknown }> = [];
    const client = { call: async (op: string, args: unknown) => (calls.push({ op, args }), { id: 7 }) } as unknown as CatalogApi;
    const params = { path: { movie_id: 7 }, query: { language: 'de-DE' } };
    await operationSource('movieDetails', params).load(client);
    expect(calls).toEqual([{ op: 'movieDetails', args: params }]);
    expect(readArgs<'movieDetails'>(params)).toBe(params);
    expect(writeArgs).toBeTypeOf('function');
  });
});
