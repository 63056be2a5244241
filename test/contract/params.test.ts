import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INT32_MAX, MAX_PAGE, encodeParam, operationKeys, operations, parseBoolean, parseId, parseInteger, parsePage, parseParam,
  type ParamSpec, type ParamValue,
} from '../../src/contract/index.js';

const integer: ParamSpec = { type: 'integer' };
const boolean: ParamSpec = { type: 'boolean' };
const text: ParamSpec = { type: 'string' };

describe('contract params: encoding', () => {
  it('writes integers and booleans the one way the service reads them', () => {
    expect(encodeParam('page', integer, ' 007 ')).toEqual({ ok: true, text: '7' });
    expect(encodeParam('page', integer, 3)).toEqual({ ok: true, text: '3' });
    expect(encodeParam('confirm', boolean, 'TRUE')).toEqual({ ok: true, text: 'true' });
    expect(encodeParam('confirm', boolean, false)).toEqual({ ok: true, text: 'false' });
    expect(encodeParam('query', text, 'blade runner')).toEqual({ ok: true, text: 'blade runner' });
    expect(encodeParam('unknown', undefined, 12)).toEqual({ ok: true, text: '12' });
  });

  it('refuses a value of the wrong type, naming the parameter', () => {
    expect(encodeParam('page', integer, '1.5')).toEqual({ ok: false, problem: 'query parameter page must be an integer, not "1.5"' });
    expect(encodeParam('confirm', boolean, 'yes')).toEqual({ ok: false, problem: 'query parameter confirm must be true or false, not "yes"' });
  });
});

describe('contract params: parsing', () => {
  it('reads int32 integers and ids, nothing else', () => {
    expect(parseInteger('-12')).toBe(-12);
    expect(parseInteger('0042')).toBe(42);
    expect(parseInteger(String(INT32_MAX))).toBe(INT32_MAX);
    for (const bad of ['', '1.5', '1e2', '+1', ' 1', String(INT32_MAX + 1), '99999999999']) expect(parseInteger(bad), bad).toBeUndefined();
    expect(parseId('550')).toBe(550);
    for (const bad of ['-1', 'abc', '1.5', '99999999999', String(INT32_MAX + 1)]) expect(parseId(bad), bad).toBeUndefined();
  });

  it('reads booleans and pages strictly', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('false')).toBe(false);
    expect(parseBoolean('TRUE')).toBeUndefined();
    expect(parsePage('1')).toBe(1);
    expect(parsePage(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of ['0', String(MAX_PAGE + 1), '-1', '1.5', '', '\u0663']) expect(parsePage(bad), bad).toBeUndefined();
  });

  it('applies defaults to what is absent, and tells missing from invalid', () => {
    expect(parseParam({ type: 'integer', default: 1 }, undefined)).toEqual({ ok: true, value: 1 });
    expect(parseParam({ type: 'integer', default: 1 }, '')).toEqual({ ok: true, value: 1 });
    expect(parseParam({ type: 'integer', required: true }, '')).toEqual({ ok: false, problem: 'missing' });
    expect(parseParam({ type: 'integer' }, 'x')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseParam({ type: 'boolean' }, undefined)).toEqual({ ok: true, value: undefined });
    expect(parseParam({ type: 'number' }, '7.5')).toEqual({ ok: true, value: 7.5 });
    expect(parseParam({ type: 'number' }, '7,5')).toEqual({ ok: false, problem: 'invalid' });
    // An empty string is a value: the service sees "language=" as asked.
    expect(parseParam({ type: 'string', default: 'en-US' }, '')).toEqual({ ok: true, value: '' });
    expect(parseParam({ type: 'string', default: 'en-US' }, undefined)).toEqual({ ok: true, value: 'en-US' });
    expect(parseParam({ type: 'string', required: true }, undefined)).toEqual({ ok: false, problem: 'missing' });
  });

  it('reads back every value the client encodes, for every query parameter of the table', () => {
    const valueOf = (spec: ParamSpec): fc.Arbitrary<ParamValue> =>
      spec.type === 'integer'
        ? fc.integer({ min: -INT32_MAX, max: INT32_MAX })
        : spec.type === 'number'
          ? fc.integer({ min: -1e9, max: 1e9 }).map((hundredths) => hundredths / 100)
          : spec.type === 'boolean'
          ? fc.boolean()
          : spec.enum
            ? fc.constantFrom(...spec.enum)
            : fc.string({ minLength: 1 });
    for (const key of operationKeys) {
      for (const [name, spec] of Object.entries(operations[key].query) as Array<[string, ParamSpec]>) {
        fc.assert(
          fc.property(valueOf(spec), (value) => {
            const encoded = encodeParam(name, spec, value);
            expect(encoded.ok).toBe(true);
            expect(parseParam(spec, encoded.ok ? encoded.text : undefined)).toEqual({ ok: true, value });
          }),
          { numRuns: 50 },
        );
      }
    }
  });
});
