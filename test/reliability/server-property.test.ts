import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationKeys, operations, type OperationKey, type OperationSpec } from '../../src/contract/index.js';
import { errorsArrayBody, serviceErrorBody } from '../../src/contract/schemas/common.js';
import { startSeededServer, type Seeded } from './server-fixture.js';

/**
 * Random requests against the reference server: any operation of the table (or an address that
 * is none), with path ids, query values, sessions, credentials and bodies drawn from valid,
 * borderline and absurd values. Whatever comes, the answer is never a 5xx; an error answer is
 * the service's envelope (or its errors array) and leaves the user data exactly as it was; a
 * success answer matches the contract.
 */

const NUM_RUNS = 200;

let seeded: Seeded;
beforeAll(async () => {
  seeded = await startSeededServer();
});
afterAll(async () => {
  await seeded?.dispose();
});

/** A film on list A, or a film on no list: resolved against the seeded server when sent. */
type FilmRef = { film: 'onA' | 'free' };

const junkText = fc.oneof(
  fc.constantFrom('', ' ', 'abc', '1.5', '-1', '0', '1e3', '0x10', 'null', 'NaN', '%', '..', '\u0000', '🎬', '٣', '99999999999999999999'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
/** A path parameter: mostly a seeded id that exists ('first' or 'second' of its kind), else anything. */
const pathValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom<'first' | 'second'>('first', 'second') },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 3_000_000_000 }) },
  { weight: 1, arbitrary: junkText },
);
const sessionChoice = fc.oneof(
  { weight: 6, arbitrary: fc.constant('A') },
  { weight: 1, arbitrary: fc.constantFrom('B', 'guest', 'signed-out', 'expired-guest', 'forged', 'empty', 'none') },
);
const authChoice = fc.oneof(
  { weight: 8, arbitrary: fc.constant('bearer') },
  { weight: 1, arbitrary: fc.constantFrom('api_key', 'none', 'wrong') },
);
const pageValue = fc.option(fc.oneof(fc.integer({ min: -3, max: 600 }), junkText), { nil: undefined });

const mediaId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<FilmRef>({ film: 'onA' }, { film: 'free' }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, '550', null, true, [], {}, 987654) },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -10, max: 2_000 }), fc.double()) },
);
const ratingValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(-1, 0, 0.25, 0.5, 8, 10, 10.5, 'NaN', '8', null, [8], {}),
  fc.double({ min: -20, max: 20 }),
  fc.integer({ min: -20, max: 20 }).map((n) => n / 2),
);
/** Every field any body takes, each present or not; a request keeps its operation's fields (or all). */
const fields = fc.record(
  {
    media_id: mediaId,
    value: ratingValue,
    name: fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constant('   ')),
    description: fc.string({ maxLength: 20 }),
    language: fc.oneof(fc.constantFrom('en', 'fr'), junkText),
    request_token: junkText,
    username: fc.oneof(fc.constant('marquee-demo'), junkText),
    password: junkText,
    session_id: junkText,
  },
  { requiredKeys: [] },
);
const BODY_FIELDS: Partial<Record<OperationKey, string[]>> = {
  addListItem: ['media_id'], removeListItem: ['media_id'], rateEpisode: ['value'],
  createList: ['name', 'description', 'language'], createSession: ['request_token'],
  validateWithLogin: ['username', 'password', 'request_token'], deleteSession: ['session_id'],
};
const bodyChoice = fc.oneof(
  { weight: 4, arbitrary: fc.record({ shaped: fields, allFields: fc.boolean() }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v) })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"value": NaN}', '[1,', "{'a':1}", '{"media_id": 1}}', '').map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const requestArb = fc.record({
  // Half the runs go to the operations that write user data: those are the ones that could break it.
  key: fc.oneof(
    fc.constantFrom<OperationKey | 'junk-path'>(...operationKeys, 'junk-path'),
    fc.constantFrom<OperationKey>(...operationKeys.filter((k) => operations[k].method !== 'GET')),
  ),
  /** Usually the operation's own method; sometimes another one. */
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH') },
  ),
  params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
  junkPath: fc.array(junkText, { minLength: 1, maxLength: 4 }),
  page: pageValue,
  extraQuery: fc.array(fc.tuple(fc.constantFrom('language', 'confirm', 'movie_id', 'query', 'include_adult', 'sort_by', 'region', 'include_image_language', 'x'), junkText), { maxLength: 3 }),
  confirm: fc.boolean(),
  session: sessionChoice,
  auth: authChoice,
  body: bodyChoice,
  contentType: fc.constantFrom('application/json;charset=utf-8', 'application/json', 'APPLICATION/JSON; charset=UTF-8', 'application/json', 'application/json;charset=utf-8', 'text/plain'),
});
type RandomRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

/** The seeded id a path parameter names: 'first' is the one A owns or rated, 'second' another. */
function seededId(name: string, which: 'first' | 'second', s: Seeded): number {
  const first = which === 'first';
  switch (name) {
    case 'list_id': return first ? s.listA : s.listB;
    case 'movie_id': return first ? s.moviesOnA[0] : s.freeMovie;
    case 'series_id': return s.episode.series;
    case 'season_number': return 1;
    case 'episode_number': return first ? s.episode.episode : s.otherEpisode.episode;
    case 'account_id': return first ? s.accountA : s.accountB;
    default: return 1;
  }
}

function filmId(value: unknown, s: Seeded): unknown {
  if (typeof value === 'object' && value !== null && 'film' in value) return (value as FilmRef).film === 'onA' ? s.moviesOnA[0] : s.freeMovie;
  return value;
}

function bodyFor(r: RandomRequest, s: Seeded): string | undefined {
  if (r.body === undefined) return undefined;
  if ('text' in r.body) return r.body.text;
  const wanted = r.key === 'junk-path' ? undefined : BODY_FIELDS[r.key];
  const picked = Object.entries(r.body.shaped).filter(([name]) => r.body && 'allFields' in r.body && (r.body.allFields || wanted?.includes(name)));
  return JSON.stringify(Object.fromEntries(picked.map(([name, value]) => [name, name === 'media_id' ? filmId(value, s) : value])));
}

function toHttp(r: RandomRequest, s: Seeded): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const spec: OperationSpec | undefined = r.key === 'junk-path' ? undefined : operations[r.key];
  let i = 0;
  const path = spec
    ? spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = r.params[i++]!;
        return encodeURIComponent(String(value === 'first' || value === 'second' ? seededId(name, value, s) : value));
      })
    : `/3/${r.junkPath.map((p) => encodeURIComponent(p)).join('/')}`;
  const query = new URLSearchParams();
  if (r.page !== undefined) query.append('page', String(r.page));
  if (r.confirm) query.append('confirm', 'true');
  for (const [name, value] of r.extraQuery) query.append(name, value);
  const sessions: Record<string, [string, string] | undefined> = {
    A: ['session_id', s.sessionA], B: ['session_id', s.sessionB], guest: ['guest_session_id', s.guest],
    'signed-out': ['session_id', s.signedOut], 'expired-guest': ['guest_session_id', s.expiredGuest],
    forged: ['session_id', 'f'.repeat(40)], empty: ['session_id', ''], none: undefined,
  };
  const session = sessions[r.session];
  if (session) query.append(...session);
  const headers: Record<string, string> = {};
  if (r.auth === 'bearer') headers.authorization = `Bearer ${s.token}`;
  else if (r.auth === 'wrong') headers.authorization = 'Bearer wrong-token-0000';
  else if (r.auth === 'api_key') query.append('api_key', s.token);
  const body = bodyFor(r, s);
  if (body !== undefined) headers['content-type'] = r.contentType;
  const search = query.toString();
  return { method: r.method ?? spec?.method ?? 'GET', path: search ? `${path}?${search}` : path, headers, body };
}

describe(`${NUM_RUNS} random requests`, () => {
  it('never a 5xx; errors are envelopes and change nothing; successes match the contract', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const http = toHttp(r, seeded);
        const before = seeded.snapshot();
        const answer = await seeded.raw(http);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const seen = `${http.method} ${http.path} ${http.body?.slice(0, 200) ?? ''} -> ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, seen).toBeLessThan(500);
        if (answer.status >= 400) {
          const isEnvelope = serviceErrorBody.safeParse(answer.json).success || errorsArrayBody.safeParse(answer.json).success;
          expect(isEnvelope, seen).toBe(true);
          expect(seeded.snapshot(), seen).toEqual(before);
        } else if (r.key !== 'junk-path' && http.method === operations[r.key].method) {
          const parsed = operations[r.key].response.safeParse(answer.json);
          expect(parsed.success, `${seen}\n${parsed.error?.message ?? ''}`).toBe(true);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    // The runs reached past the front door: some succeeded, some were refused for their content.
    const count = (test: (status: number) => boolean) => [...statuses].filter(([s]) => test(s)).reduce((n, [, c]) => n + c, 0);
    expect(count((s) => s < 300)).toBeGreaterThan(0);
    expect(count((s) => s >= 400 && s !== 401)).toBeGreaterThan(0);
  });
});
