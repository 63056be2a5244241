import { expect } from 'vitest';
import { type OperationKey, matchPath } from '../../src/contract/index.js';
import { specOperationFor, unimplementedLine, unimplementedOperation } from '../../src/server/routes/unimplemented.js';
import { type TestServer, expectSchema } from '../server/harness.js';

/**
 * What a third-party client did against the server, one record per library call, and how each is
 * judged: a call of an operation the server implements must succeed with a body of that
 * operation's contract; a call of one it does not must get 404 status_code 34 and its log line.
 */

export interface ClientCall {
  /** The library's name for the call, e.g. "Movies.info". */
  call: string;
  method: string;
  /** The request path, without the query. */
  path: string;
  status: number;
  body: unknown;
}

export interface JudgedCalls {
  /** Calls of operations the server implements, with the operation. */
  implemented: Array<ClientCall & { key: OperationKey }>;
  /** Calls of operations of the real interface the server does not implement. */
  notImplemented: ClientCall[];
  /** Calls of addresses the interface's description does not have (a library's older paths). */
  offSpec: ClientCall[];
}

const SERVICE_404 = { success: false, status_code: 34 };

/**
 * Judges every call. `expectedRefusals` names calls meant to be refused (reading a deleted list),
 * with the status they must get. `lines` are the server's not-implemented log lines.
 */
export function judgeCalls(calls: readonly ClientCall[], lines: readonly string[], expectedRefusals: Readonly<Record<string, number>> = {}): JudgedCalls {
  const judged: JudgedCalls = { implemented: [], notImplemented: [], offSpec: [] };
  for (const record of calls) {
    const missing = unimplementedOperation(record.method, record.path);
    if (missing) {
      expect(record.status, record.call).toBe(404);
      expect(record.body, record.call).toMatchObject(SERVICE_404);
      expect(lines, record.call).toContain(unimplementedLine(missing));
      judged.notImplemented.push(record);
      continue;
    }
    // A GET of a POST operation is one of its older forms (validate_with_login, session/new).
    const key = (matchPath(record.path, record.method as 'GET')[0] ?? matchPath(record.path)[0])?.key;
    if (!key) {
      expect(specOperationFor(record.method, record.path), record.call).toBeUndefined();
      expect(record.status, record.call).toBe(404);
      expect(record.body, record.call).toMatchObject(SERVICE_404);
      judged.offSpec.push(record);
      continue;
    }
    const refusal = expectedRefusals[record.call];
    if (refusal !== undefined) {
      expect(record.status, `${record.call}: ${JSON.stringify(record.body)}`).toBe(refusal);
    } else {
      expect(record.status, `${record.call} ${record.method} ${record.path}: ${JSON.stringify(record.body)}`).toBeLessThan(300);
      expectSchema(key, record.body);
    }
    judged.implemented.push({ ...record, key });
  }
  return judged;
}

/** The body of a call that succeeded, for assertions on what it says; undefined when it did not. */
export function bodyOf<T = Record<string, unknown>>(calls: readonly ClientCall[], name: string): T | undefined {
  const record = calls.find((c) => c.call === name);
  return record && record.status < 300 ? (record.body as T) : undefined;
}

/** Whether a call reached an operation the server implements (its read-back can then be checked). */
export function reached(judged: JudgedCalls, ...names: string[]): boolean {
  return names.every((name) => judged.implemented.some((c) => c.call === name));
}

/**
 * Library calls, each named, with the requests they sent: `record` is given each request (by a
 * `fetch` from redirectedFetch), `call` runs one library call, and a refusal is recorded, not thrown.
 */
export function libraryCalls() {
  const calls: ClientCall[] = [];
  let current = '';
  let attempted = 0;
  return {
    calls,
    /** Library calls made; each must have sent exactly one request. */
    attempted: () => attempted,
    record: (request: Omit<ClientCall, 'call'>) => void calls.push({ call: current, ...request }),
    async call<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
      current = name;
      attempted++;
      try {
        return await run();
      } catch {
        return undefined;
      }
    },
  };
}

/** The platform's fetch, taken before any test stands in for it. */
const platformFetch = globalThis.fetch;

/** `fetch` for a library that only knows the real service's address: the same requests, sent here. */
export function redirectedFetch(origin: string, record: (call: Omit<ClientCall, 'call'>) => void): typeof fetch {
  return async (input, init) => {
    const asked = new URL(input instanceof Request ? input.url : String(input));
    const url = new URL(`${asked.pathname}${asked.search}`, origin);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await platformFetch(url, init ?? (input instanceof Request ? input : undefined));
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    record({ method, path: url.pathname, status: response.status, body });
    return response;
  };
}

/** A network and an episode group to call, found from the catalog's own answers (our client). */
export async function networkAndEpisodeGroup(t: TestServer, seriesId: number): Promise<{ network: number; episodeGroup: string }> {
  const { networks } = await t.client.call('tvDetails', { path: { series_id: seriesId } });
  for (let series_id = 1; series_id <= 100; series_id++) {
    const { results } = await t.client.call('seriesEpisodeGroups', { path: { series_id } });
    if (results[0]) return { network: networks[0]!.id, episodeGroup: results[0].id };
  }
  throw new Error('no series of the test catalog has an episode group');
}
