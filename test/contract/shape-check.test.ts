import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { listId, operationKeys, operations, parseOwnedWith, parseWith, reader } from '../../src/contract/index.js';
import { hasShapeCheck, passesUnchanged } from '../../src/contract/shape-check.js';
import { fixtureBodies, serverBodies, type ModernBody } from './modern-bodies.js';
import { oldest } from './old-records.js';

/**
 * The client reads an answer through a check compiled from the reader schema, and through zod
 * only when that check cannot vouch for it (shape-check.ts). zod stays the reference: on every
 * modern body of every operation (the recorded fixtures and the embedded server's answers),
 * their oldest variants, and random wrong-shaped mutations of them, reading with
 * parseOwnedWith gives what parseWith gives (the same value, or the same problems), and the
 * check passes a body exactly when zod accepts it and returns it unchanged.
 */

let bodies: ModernBody[] = [];

beforeAll(async () => {
  const modern = [...fixtureBodies(), ...(await serverBodies())];
  bodies = modern.flatMap((base) => {
    const { modern: schema } = operations[base.key];
    return [
      base,
      { ...base, source: `${base.source}, every optional field left out`, body: oldest(schema, base.body) },
      { ...base, source: `${base.source}, every optional field null`, body: oldest(schema, base.body, true) },
    ];
  });
}, 60_000);

/** What the check says, and what zod says, of one body (the check reads its own copy). */
function verdicts(schema: z.ZodType, body: unknown) {
  const reference = parseWith(schema, structuredClone(body));
  const owned = structuredClone(body);
  return {
    passes: passesUnchanged(schema, owned),
    // Deep equality ignores key order: zod's copy lists the schema's keys first.
    zodKeepsIt: reference.ok && isDeepStrictEqual(reference.value, body),
    reference,
    read: parseOwnedWith(schema, owned),
  };
}

function expectAgreement(schema: z.ZodType, body: unknown, what: string) {
  const { passes, zodKeepsIt, reference, read } = verdicts(schema, body);
  expect(passes, what).toBe(zodKeepsIt);
  expect(read, what).toEqual(reference);
}

describe('the compiled check of an answer agrees with zod', () => {
  it('every operation of the table has a check of its answer', () => {
    expect(operationKeys.filter((key) => !hasShapeCheck(operations[key].response))).toEqual([]);
  });

  it('passes every recorded and served body, and its oldest variants, as zod reads them', () => {
    expect(bodies.length).toBeGreaterThan(200);
    for (const { key, source, body } of bodies) {
      const { passes, reference } = verdicts(operations[key].response, body);
      expect(reference.ok ? 'ok' : reference.problems, `${key} ${source}`).toBe('ok');
      expectAgreement(operations[key].response, body, `${key} ${source}`);
      // List ids sent as digit strings are the one thing zod converts; every other body is read as it is.
      if (!JSON.stringify(body).match(/"(list_)?id":"\d+"/)) expect(passes, `${key} ${source}`).toBe(true);
    }
  });

  /** Every place in a body: the root, each field of each object, each item of each array. */
  function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
    const here = [at];
    if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => placesIn(item, [...at, i]))];
    if (typeof value === 'object' && value !== null) {
      return [...here, ...Object.entries(value).flatMap(([key, item]) => placesIn(item, [...at, key]))];
    }
    return here;
  }

  /** Values of every JSON type, and the ones a reader treats specially (ids as text, 1e999). */
  const strayValue = fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, '', 'x', '123', '50941077760ee35e1500000c', [], {}, [1], { id: 1 }, Infinity),
    fc.jsonValue({ maxDepth: 2 }),
  );

  type Mutation =
    | { kind: 'replace'; value: unknown }
    | { kind: 'delete' }
    | { kind: 'add key'; key: string; value: unknown };

  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 4, arbitrary: strayValue.map((value) => ({ kind: 'replace' as const, value })) },
    { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('add key' as const),
        // __proto__ as JSON.parse makes it: an own key, which zod's copy leaves out.
        key: fc.constantFrom('__proto__', 'brand_new_field', 'id', 'results', 'media_type', 'constructor'),
        value: strayValue,
      }),
    },
  );

  /** A copy of `body` with one change at `place`. */
  function mutated(body: unknown, place: (string | number)[], change: Mutation): unknown {
    const copy = structuredClone(body);
    if (place.length === 0) {
      if (change.kind === 'replace') return change.value;
      if (change.kind === 'delete') return undefined;
    }
    const parent = place.slice(0, -1).reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], copy) as Record<
      string | number,
      unknown
    >;
    const last = place.at(-1)!;
    const target = place.length === 0 ? copy : parent[last];
    if (change.kind === 'replace') parent[last] = change.value;
    else if (change.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
      // Defined, not assigned: an own key as JSON.parse makes it, even for __proto__ (JSON gives arrays none).
      Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }

  it('agrees on mutated bodies: wrong types, missing and stray keys, at any depth', () => {
    const someBody = fc.integer({ min: 0, max: bodies.length - 1 }).chain((index) => {
      const places = placesIn(bodies[index]!.body);
      return fc.tuple(fc.constant(index), fc.constantFrom(...places), mutation);
    });
    fc.assert(
      fc.property(someBody, ([index, place, change]) => {
        const { key, source, body } = bodies[index]!;
        const changed = mutated(body, place, change);
        expectAgreement(operations[key].response, changed, `${key} ${source}, ${change.kind} at ${place.join('.')}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on every operation read against every other operation\'s body', () => {
    for (const key of operationKeys) {
      for (const { key: other, body } of bodies.filter((_, i) => i % 7 === 0)) {
        expectAgreement(operations[key].response, body, `${key} reading a body of ${other}`);
      }
    }
  });

  it('leaves to zod a list id zod converts, and vouches for one it keeps', () => {
    const lists = z.looseObject({ id: listId });
    const schema = reader(lists);
    expect(passesUnchanged(schema, { id: '12' })).toBe(false);
    expect(parseOwnedWith(schema, { id: '12' })).toEqual({ ok: true, value: { id: 12 } });
    // 24 digits are a hex id too, but zod's first matching option converts them.
    expect(passesUnchanged(schema, { id: '123456789012345678901234' })).toBe(false);
    expect(passesUnchanged(schema, { id: '50941077760ee35e1500000c' })).toBe(true);
    expect(passesUnchanged(schema, { id: 7 })).toBe(true);
    expect(passesUnchanged(schema, { id: 7.5 })).toBe(false);
  });

  it('gives no check to a schema using what it does not mirror, so zod reads it', () => {
    expect(hasShapeCheck(z.object({ a: z.string() }))).toBe(false); // zod's copy drops keys it does not name
    expect(hasShapeCheck(z.looseObject({ a: z.string().default('x') }))).toBe(false);
    expect(hasShapeCheck(z.looseObject({ a: z.string().email() }))).toBe(false);
    expect(hasShapeCheck(z.looseObject({ a: z.number().refine((n) => n > 0) }))).toBe(false);
    expect(hasShapeCheck(z.looseObject({ a: z.number().min(1) }))).toBe(false);
    expect(hasShapeCheck(z.looseObject({ a: z.number().int() }))).toBe(true);
  });
});
