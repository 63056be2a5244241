import { describe, expect, it } from 'vitest';
import {
  errorsArrayBody, operationById, operations, parseWith, serviceErrorBody, statusEnvelope, paged,
} from '../../src/contract/index.js';
import * as z from 'zod';
import { fixtureNames, readFixture } from '../fixtures.js';

const names = fixtureNames();

/** E3 answers 401 in some recordings: those files are error bodies. */
const isErrorBody = (name: string) => name.startsWith('ERR-') || /-401/.test(name);

describe('recorded bodies parse with their operation schema', () => {
  it('finds every operation of the spec among the fixtures', () => {
    const ids = new Set(names.map((n) => /^E(\d+)-/.exec(n)?.[1]).filter(Boolean));
    expect(ids.size).toBe(22);
  });

  for (const name of names.filter((n) => /^E\d+-/.test(n) && !isErrorBody(n))) {
    const opId = /^(E\d+)-/.exec(name)![1]!;
    it(`${name} (${opId})`, () => {
      const found = operationById(opId);
      expect(found, `operation ${opId} in the table`).toBeDefined();
      const [, spec] = found!;
      const isRequest = name.includes('.request.');
      const schema = isRequest ? spec.body! : spec.response;
      expect(schema).toBeDefined();
      const outcome = parseWith(schema, readFixture(name));
      expect(outcome.ok ? 'ok' : outcome.problems).toBe('ok');
    });
  }

  for (const name of names.filter(isErrorBody)) {
    it(`${name} is a service error`, () => {
      const body = readFixture(name);
      const schema = name.includes('errors-array') ? errorsArrayBody : serviceErrorBody;
      const outcome = parseWith(schema, body);
      expect(outcome.ok ? 'ok' : outcome.problems).toBe('ok');
    });
  }

  it('RATING-* are status envelopes with the real codes', () => {
    const created = parseWith(statusEnvelope, readFixture('RATING-201-created.json'));
    const updated = parseWith(statusEnvelope, readFixture('RATING-201-updated.json'));
    expect(created.ok && created.value.status_code).toBe(1);
    expect(updated.ok && updated.value.status_code).toBe(12);
  });

  it('an empty page parses', () => {
    const outcome = parseWith(paged(z.unknown()), readFixture('PAGE-empty-results.zachwang.json'));
    expect(outcome.ok).toBe(true);
  });
});

describe('tolerance and strictness', () => {
  const movieLatest = readFixture('E1-movie-latest.spec.json') as Record<string, unknown>;

  it('keeps keys the schema does not name', () => {
    const outcome = parseWith(operations.movieLatest.response, { ...movieLatest, brand_new_field: 42 });
    expect(outcome.ok && (outcome.value as Record<string, unknown>).brand_new_field).toBe(42);
  });

  it('accepts ints and floats alike', () => {
    expect(parseWith(operations.movieLatest.response, { ...movieLatest, vote_average: 7 }).ok).toBe(true);
    expect(parseWith(operations.movieLatest.response, { ...movieLatest, vote_average: 7.25 }).ok).toBe(true);
  });

  it('reads a record without the fields old records lack, but not without its id', () => {
    const { title: _title, homepage: _homepage, ...old } = movieLatest;
    expect(parseWith(operations.movieLatest.response, { ...old, overview: null, adult: null }).ok).toBe(true);
    const { id: _id, ...withoutId } = movieLatest;
    const outcome = parseWith(operations.movieLatest.response, withoutId);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems.map((p) => p.path)).toContain('id');
  });

  it('rejects a wrong type on a field present, naming it', () => {
    const outcome = parseWith(operations.movieLatest.response, { ...movieLatest, title: 42 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('title');
  });

  it('rejects a string where a number belongs, naming the nested path', () => {
    const body = readFixture('E18-tv-popular.spec.json') as { results: Array<Record<string, unknown>> };
    body.results[3]!.vote_average = '7.5';
    const outcome = parseWith(operations.popularTv.response, body);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('results[3].vote_average');
  });

  it('rejects an image without its file path, deep inside an image list', () => {
    const body = readFixture('E22-movie-images.spec.json') as { posters: Array<Record<string, unknown>> };
    delete body.posters[1]!.file_path;
    const outcome = parseWith(operations.movieImages.response, body);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('posters[1].file_path');
  });

  it('rejects a multi-search item of an unknown media type', () => {
    const body = readFixture('E20-search-multi.spec.json') as { results: Array<Record<string, unknown>> };
    body.results[0]!.media_type = 'podcast';
    const outcome = parseWith(operations.searchMulti.response, body);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('results[0].media_type');
  });

  it('rejects certifications whose order is not a number', () => {
    const outcome = parseWith(operations.tvCertifications.response, {
      certifications: { DE: [{ certification: '12', meaning: '', order: 'two' }] },
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('certifications.DE[0].order');
  });
});
