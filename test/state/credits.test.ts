import { describe, expect, it } from 'vitest';
import { aggregateCreditRows, filmographyRows, movieCreditRows } from '../../src/state/index.js';

const person = { adult: false, gender: 1, known_for_department: 'Acting', original_name: 'x', popularity: 1, profile_path: null };

describe('cast and crew rows', () => {
  it('lists a film’s cast in billing order, then its crew, each with the part', () => {
    const rows = movieCreditRows({
      id: 1,
      cast: [
        { ...person, id: 2, name: 'Second', character: 'Nurse Holm', credit_id: 'b', order: 1, cast_id: 2 },
        { ...person, id: 1, name: 'First', character: '', credit_id: 'a', order: 0, cast_id: 1 },
      ],
      crew: [{ ...person, id: 3, name: 'Maker', credit_id: 'c', department: 'Directing', job: 'Director' }],
    });
    expect(rows.map((row) => [row.personId, row.section, row.part])).toEqual([
      [1, 'cast', 'cast'],
      [2, 'cast', 'as Nurse Holm'],
      [3, 'crew', 'Director (Directing)'],
    ]);
  });

  it('names every role and job of a series with the episodes they count; an old record with only ids still lists', () => {
    const rows = aggregateCreditRows({
      id: 1,
      cast: [{ id: 5, name: 'Regular', order: 0, total_episode_count: 12, roles: [{ credit_id: 'a', character: 'Ash', episode_count: 10 }, { credit_id: 'b', character: 'Young Ash', episode_count: 2 }] }],
      crew: [{ id: 6, department: 'Writing', total_episode_count: 3, jobs: [{ credit_id: 'c', job: 'Writer', episode_count: 3 }] }],
    });
    expect(rows.map((row) => [row.name, row.part, row.episodes])).toEqual([
      ['Regular', 'as Ash / Young Ash', 12],
      ['Person 6', 'Writer (Writing)', 3],
    ]);
  });
});

describe('a filmography', () => {
  const credits = {
    id: 9,
    cast: [
      { id: 1, media_type: 'movie' as const, title: 'Old', release_date: '1990-01-01', popularity: 50, character: 'Ann', credit_id: 'a', order: 0 },
      { id: 2, media_type: 'movie' as const, title: 'New', release_date: '2020-05-01', popularity: 5, character: 'Bea', credit_id: 'b', order: 3 },
      { id: 1, media_type: 'tv' as const, name: 'Show', first_air_date: '2005-01-01', popularity: 20, character: 'Cy', credit_id: 'c', episode_count: 4 },
      { id: 3, media_type: 'movie' as const, title: 'Unreleased', release_date: '', popularity: 1, character: 'Di', credit_id: 'd', order: 0 },
    ],
    crew: [{ id: 2, media_type: 'movie' as const, title: 'New', release_date: '2020-05-01', popularity: 5, credit_id: 'e', department: 'Directing', job: 'Director' }],
  };

  it('has one row per title with every part, newest first with unknown dates last, or most popular first', () => {
    const byDate = filmographyRows(credits, 'date');
    expect(byDate.map((row) => row.key)).toEqual(['movie:2', 'tv:1', 'movie:1', 'movie:3']);
    expect(byDate[0]!.parts).toEqual(['as Bea', 'Director']);
    expect(byDate[1]).toMatchObject({ kind: 'tv', title: 'Show', episodes: 4 });
    expect(filmographyRows(credits, 'popularity').map((row) => row.key)).toEqual(['movie:1', 'tv:1', 'movie:2', 'movie:3']);
  });
});
