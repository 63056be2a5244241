import { beforeAll, describe, expect, it } from 'vitest';
import { operationKeys, operations, parseWith, summarizeProblems } from '../../src/contract/index.js';
import { fixtureBodies, serverBodies, type ModernBody } from './modern-bodies.js';
import { describePath, oldest, optionalFieldPaths, withNullField, withoutField } from './old-records.js';

/**
 * Reader tolerant: every body of every operation still parses with each optional field left
 * out or null (one at a time, at every depth), and with all of them left out or null at once.
 * Writer strict is checked where the server's answers are read (test/server/modern-client.ts).
 */

let bodies: ModernBody[] = [];

beforeAll(async () => {
  bodies = [...fixtureBodies(), ...(await serverBodies())];
}, 60_000);

function problemsOf(base: ModernBody): string[] {
  const spec = operations[base.key];
  const problems: string[] = [];
  const check = (what: string, body: unknown) => {
    const outcome = parseWith(spec.response, body);
    if (!outcome.ok) problems.push(`${base.source}, ${what}: ${summarizeProblems(outcome.problems)}`);
  };
  const paths = optionalFieldPaths(spec.modern, base.body);
  for (const path of paths) {
    check(`without ${describePath(path)}`, withoutField(base.body, path));
    check(`${describePath(path)} null`, withNullField(base.body, path));
  }
  check('every optional field left out', oldest(spec.modern, base.body));
  check('every optional field null', oldest(spec.modern, base.body, true));
  return problems;
}

describe('old records parse', () => {
  it('has a modern body for every operation of the table', () => {
    const covered = new Set(bodies.map((b) => b.key));
    expect(operationKeys.filter((key) => !covered.has(key))).toEqual([]);
  });

  it('finds optional fields to vary in the bodies (the variants are not vacuous)', () => {
    const movie = bodies.find((b) => b.key === 'movieDetails')!;
    const paths = optionalFieldPaths(operations.movieDetails.modern, movie.body).map(describePath);
    expect(paths).toEqual(expect.arrayContaining(['overview', 'homepage', 'production_companies[0].logo_path', 'belongs_to_collection.name']));
    expect(paths).not.toContain('id');
  });

  it('with each optional field left out or null, for every operation', () => {
    const problems = bodies.flatMap(problemsOf);
    expect(problems).toEqual([]);
  });

  it('the recorded shapes of old records named in the issue parse', () => {
    const movieInList = { page: 1, results: [{ id: 5, title: 'Old', overview: null }], total_pages: 1, total_results: 1 };
    expect(parseWith(operations.popularMovies.response, movieInList).ok).toBe(true);
    const nowPlaying = { page: 1, results: [], total_pages: 0, total_results: 0 };
    expect(parseWith(operations.nowPlayingMovies.response, nowPlaying).ok).toBe(true);
    const person = { id: 9, name: 'Someone', adult: false };
    expect(parseWith(operations.personDetails.response, person).ok).toBe(true);
    const series = { id: 3, name: 'Old show', seasons: [] };
    expect(parseWith(operations.tvDetails.response, series).ok).toBe(true);
    const episode = { id: 4, season_number: 1, episode_number: 2, production_code: null };
    expect(parseWith(operations.episodeDetails.response, episode).ok).toBe(true);
  });

  it('still fails on a wrong type of a field present, naming its path', () => {
    const popular = bodies.find((b) => b.key === 'popularTv')!.body as { results: Record<string, unknown>[] };
    const broken = structuredClone(popular);
    broken.results[0]!.name = 42;
    const outcome = parseWith(operations.popularTv.response, broken);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]!.path).toBe('results[0].name');
  });

  it('still fails without what a screen cannot work without: results, ids', () => {
    expect(parseWith(operations.popularTv.response, { page: 1 }).ok).toBe(false);
    expect(parseWith(operations.popularTv.response, { results: [{ name: 'no id' }] }).ok).toBe(false);
  });
});
