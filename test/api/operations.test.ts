import { describe, expect } from 'vitest';
import { CatalogClient, RequestInputError, type SessionCredentials } from '../../src/api/index.js';
import { GUEST_PATH_PARAM, expandPath, operationKeys, operations, type OperationKey, type OperationSpec } from '../../src/contract/index.js';
import { sampleAnswer, sampleBodies, sampleParam } from './samples.js';
import { serverTest } from './server-fixture.js';

const TOKEN = 'test-token-for-operations';
const SESSION: SessionCredentials = { sessionId: 'user-session-1', guestSessionId: 'guest-session-1' };

const test = serverTest.extend('client', ({ server }, { onCleanup }) => {
  // No cache: each call below must reach the server.
  const client = new CatalogClient({ baseUrl: server.url, token: TOKEN, cache: false, retry: { maxRetries: 0 } });
  onCleanup(() => client.close());
  return client;
});

/** The typed `call` over a key only known at run time. */
function callAny(client: CatalogClient, key: OperationKey, args: unknown): Promise<unknown> {
  return (client.call as (k: OperationKey, a: unknown) => Promise<unknown>)(key, args);
}

function argumentsFor(key: OperationKey) {
  const spec: OperationSpec = operations[key];
  const path = Object.fromEntries(
    Object.entries(spec.pathParams)
      // A guest session in the path comes from the call's session, never from its arguments.
      .filter(([name]) => !(spec.session === 'guest-path' && name === GUEST_PATH_PARAM))
      .map(([name, p]) => [name, sampleParam(p.type, name, p.enum)]),
  );
  const query = Object.fromEntries(Object.entries(spec.query).map(([name, p]) => [name, sampleParam(p.type, name, p.enum)]));
  const body = (sampleBodies as Partial<Record<OperationKey, unknown>>)[key];
  return { spec, path: path as Record<string, string | number>, query, body };
}

describe('every operation of the table goes out as the contract says', () => {
  for (const key of operationKeys) {
    const spec: OperationSpec = operations[key];
    test(`${spec.id} ${spec.method} ${spec.path}`, async ({ server, client }) => {
      const args = argumentsFor(key);
      server.handle(() => ({ status: spec.successStatus, body: sampleAnswer(key) }));

      const result = await callAny(client, key, { path: args.path, query: args.query, body: args.body, session: SESSION });

      expect(result).toBeTypeOf('object');
      expect(server.requests).toHaveLength(1);
      const sent = server.requests[0]!;
      expect(sent.method).toBe(spec.method);
      // A guest session's own lists name it in the path, filled in from the session.
      const guestPath: Record<string, string> = spec.session === 'guest-path' ? { [GUEST_PATH_PARAM]: SESSION.guestSessionId! } : {};
      expect(sent.path).toBe(expandPath(spec.path, { ...args.path, ...guestPath }));

      const expectedQuery: Record<string, string> = Object.fromEntries(
        Object.entries(args.query).map(([name, value]) => [name, String(value)]),
      );
      // A user session wins where either kind is accepted; operations without sessions get none.
      if (spec.session === 'session' || spec.session === 'session-or-guest') expectedQuery.session_id = SESSION.sessionId!;
      expect(sent.query).toEqual(expectedQuery);

      expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(sent.headers['accept-encoding']).toMatch(/gzip/);
      expect(sent.headers['accept-encoding']).toMatch(/br/);
      if (spec.body) {
        expect(args.body, `a sample body for ${key}`).toBeDefined();
        expect(sent.headers['content-type']).toBe('application/json;charset=utf-8');
        expect(JSON.parse(sent.body)).toEqual(args.body);
      } else {
        expect(sent.body).toBe('');
        expect(sent.headers['content-type']).toBeUndefined();
      }
    });
  }
});

describe('request details', () => {
  test('does not send the table defaults: the service applies them itself', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('popularMovies') }));
    await client.call('popularMovies');
    expect(server.requests[0]!.search).toBe('');
  });

  test('sends guest_session_id where a guest session is accepted and no user session is given', async ({ server, client }) => {
    server.handle(() => ({ status: 201, body: sampleAnswer('rateEpisode') }));
    await client.call('rateEpisode', {
      path: { series_id: 1399, season_number: 1, episode_number: 1 },
      body: { value: 8 },
      session: { guestSessionId: 'guest-only' },
    });
    expect(server.requests[0]!.query).toEqual({ guest_session_id: 'guest-only' });
  });

  test('never sends a guest session where a user session is required', async ({ server, client }) => {
    server.handle(() => ({ status: 201, body: sampleAnswer('createList') }));
    await client.call('createList', { body: { name: 'x' }, session: { guestSessionId: 'guest-only' } });
    expect(server.requests[0]!.query).toEqual({});
  });

  test('uses the default session of the client, read when each call is made', async ({ server }) => {
    let current: SessionCredentials | undefined;
    const withSession = new CatalogClient({ baseUrl: server.url, token: TOKEN, cache: false, session: () => current });
    server.handle(() => ({ body: sampleAnswer('accountDetails') }));
    await withSession.call('accountDetails', { path: { account_id: 1 } });
    current = { sessionId: 'signed-in-later' };
    await withSession.call('accountDetails', { path: { account_id: 1 } });
    await withSession.close();
    expect(server.requests.map((r) => r.query.session_id)).toEqual([undefined, 'signed-in-later']);
  });

  test('applies the body schema defaults before sending (a list gets its language)', async ({ server, client }) => {
    server.handle(() => ({ status: 201, body: sampleAnswer('createList') }));
    await client.call('createList', { body: { name: 'Watchlist' }, session: SESSION });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: 'Watchlist', description: '', language: 'en' });
  });

  test('URL-encodes path parameters and query values', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('searchMulti') }));
    await client.call('searchMulti', { query: { query: 'café & crème/?' } });
    expect(server.requests[0]!.query.query).toBe('café & crème/?');
  });

  test('keeps a base URL path prefix and drops a trailing /3', async ({ server }) => {
    server.handle(() => ({ body: sampleAnswer('configuration') }));
    const prefixed = new CatalogClient({ baseUrl: `${server.url}/proxy/3/`, token: TOKEN });
    await prefixed.call('configuration');
    await prefixed.close();
    expect(server.requests[0]!.path).toBe('/proxy/3/configuration');
  });
});

describe('callLoose: strings from the command line', () => {
  test('coerces query values by the table types and moves session ids out of the query', async ({ server, client }) => {
    server.handle(() => ({ body: sampleAnswer('accountRatedEpisodes') }));
    await client.callLoose('accountRatedEpisodes', {
      pathParams: { account_id: '548' },
      query: { page: ' 3', language: 'de', session_id: 'from-argv', extra_param: 'kept' },
    });
    const sent = server.requests[0]!;
    expect(sent.path).toBe('/3/account/548/rated/tv/episodes');
    expect(sent.query).toEqual({ page: '3', language: 'de', extra_param: 'kept', session_id: 'from-argv' });
  });

  test('refuses a query value of the wrong type before sending anything', async ({ server, client }) => {
    await expect(client.callLoose('popularMovies', { query: { page: 'two' } })).rejects.toThrow(
      /page must be an integer/,
    );
    await expect(client.callLoose('clearList', { pathParams: { list_id: 1 }, query: { confirm: 'yes' } })).rejects.toThrow(
      /confirm must be true or false/,
    );
    expect(server.requests).toHaveLength(0);
  });

  test('refuses a missing required query parameter, path parameter or body', async ({ server, client }) => {
    await expect(client.callLoose('searchMulti', {})).rejects.toBeInstanceOf(RequestInputError);
    await expect(client.callLoose('movieDetails', {})).rejects.toThrow(/path parameter movie_id is missing/);
    await expect(client.callLoose('addListItem', { pathParams: { list_id: 1 } })).rejects.toThrow(/needs a JSON body/);
    await expect(client.callLoose('listDetails', { pathParams: { list_id: '..' } })).rejects.toThrow(/cannot be "\.\."/);
    expect(server.requests).toHaveLength(0);
  });

  test('refuses a body the contract rejects, naming the field', async ({ server, client }) => {
    const error = await client
      .callLoose('addListItem', { pathParams: { list_id: 1 }, body: { media_id: 'fifty' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestInputError);
    expect((error as RequestInputError).problems.map((p) => p.path)).toEqual(['media_id']);
    expect(server.requests).toHaveLength(0);
  });
});
