import { describe, expect, it } from 'vitest';
import { NO_FILTERS, type DiscoverFilters } from '../../src/state/index.js';
import { change, erase, nextField, sortLabel, typeInto } from '../../src/ui/screens/browse/discover-form.js';

const movies: DiscoverFilters = { kind: 'movie', ...NO_FILTERS };
const series: DiscoverFilters = { kind: 'tv', ...NO_FILTERS };

describe('the Discover form', () => {
  it('types digits into years (four at most) and the rating, and ignores them elsewhere', () => {
    let filters = movies;
    for (const char of '19905') filters = { ...filters, ...typeInto(filters, 'yearFrom', char) };
    expect(filters.yearFrom).toBe('1990');
    expect(typeInto(filters, 'voteFloor', '.')).toEqual({ voteFloor: '.' });
    expect(typeInto(filters, 'yearTo', '.')).toEqual({});
    expect(typeInto(filters, 'sort', '1')).toEqual({});
    expect(erase(filters, 'yearFrom')).toEqual({ yearFrom: '199' });
    expect(erase({ ...filters, genres: [18] }, 'genres')).toEqual({ genres: [] });
    expect(erase({ ...filters, language: 'fr' }, 'language')).toEqual({ language: undefined });
  });

  it('←/→ step a year, the rating by 0.5 within 0-10, the match, and go round the orders', () => {
    expect(change(movies, 'yearFrom', 1)).toEqual({ yearFrom: '2000' });
    expect(change({ ...movies, yearFrom: '1999' }, 'yearFrom', 1)).toEqual({ yearFrom: '2000' });
    expect(change({ ...movies, voteFloor: '7' }, 'voteFloor', -1)).toEqual({ voteFloor: '6.5' });
    expect(change({ ...movies, voteFloor: '10' }, 'voteFloor', 1)).toEqual({ voteFloor: '10' });
    expect(change(movies, 'genreMatch', 1)).toEqual({ genreMatch: 'any' });
    expect(change(movies, 'sort', 1)).toEqual({ sort: 'revenue.asc' });
    expect(change({ ...movies, sort: 'original_title.asc' }, 'sort', -1)).toEqual({ sort: 'vote_count.desc' });
    expect(change(series, 'sort', -1)).toEqual({ sort: 'popularity.asc' });
  });

  it('clears a certification country with its label, and ←/→ switch "or below"', () => {
    const rated = { ...movies, certificationCountry: 'GB', certification: '15' };
    expect(erase(rated, 'certificationCountry')).toEqual({ certificationCountry: undefined, certification: undefined });
    expect(erase(rated, 'certification')).toEqual({ certification: undefined });
    expect(change(rated, 'certificationOrBelow', 1)).toEqual({ certificationOrBelow: true });
    expect(change({ ...rated, certificationOrBelow: true }, 'certificationOrBelow', -1)).toEqual({ certificationOrBelow: false });
    expect(typeInto(rated, 'certification', '1')).toEqual({});
  });

  it('goes round its fields, and names the orders', () => {
    expect(nextField('genres', -1)).toBe('certificationOrBelow');
    expect(nextField('sort', 1)).toBe('certificationCountry');
    expect(nextField('certificationOrBelow', 1)).toBe('genres');
    expect(sortLabel('vote_average.desc')).toBe('Rating, highest first');
    expect(sortLabel('title.asc')).toBe('Title, A–Z');
    expect(sortLabel('first_air_date.desc')).toBe('First aired, newest first');
  });
});
