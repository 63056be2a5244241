import { describe, expect, it } from 'vitest';
import { parseListFilter } from '../../src/contract/index.js';
import {
  NO_FILTERS, discoverQuery, discoverSource, sortForKind, topEntry, trendingSource, type DiscoverFilters,
} from '../../src/state/index.js';
import { offlineStore } from './support.js';

const movies: DiscoverFilters = { kind: 'movie', ...NO_FILTERS };
const series: DiscoverFilters = { kind: 'tv', ...NO_FILTERS };

describe('the query discover is asked with', () => {
  it('no filters: the default order only', () => {
    expect(discoverQuery(movies)).toEqual({ sort_by: 'popularity.desc' });
  });

  it('genres joined with "," for all of them and "|" for any, years as whole years, a rating floor, a language', () => {
    const filters: DiscoverFilters = { ...movies, genres: [18, 35], yearFrom: '1990', yearTo: '2020', voteFloor: '6.5', language: 'fr', sort: 'vote_average.desc' };
    expect(discoverQuery(filters)).toEqual({
      sort_by: 'vote_average.desc',
      with_genres: '18,35',
      'primary_release_date.gte': '1990-01-01',
      'primary_release_date.lte': '2020-12-31',
      'vote_average.gte': '6.5',
      with_original_language: 'fr',
    });
    expect(discoverQuery({ ...filters, genreMatch: 'any' }).with_genres).toBe('18|35');
    expect(parseListFilter(discoverQuery({ ...filters, genreMatch: 'any' }).with_genres!)).toEqual({ mode: 'or', values: ['18', '35'] });
  });

  it('a certification goes with its country: the label itself, or certification.lte for "or below"; neither alone', () => {
    expect(discoverQuery({ ...movies, certificationCountry: 'GB', certification: '15' })).toEqual({ sort_by: 'popularity.desc', certification_country: 'GB', certification: '15' });
    expect(discoverQuery({ ...series, certificationCountry: 'US', certification: 'TV-14', certificationOrBelow: true })).toEqual({
      sort_by: 'popularity.desc', certification_country: 'US', 'certification.lte': 'TV-14',
    });
    expect(discoverQuery({ ...movies, certificationCountry: 'GB' })).toEqual({ sort_by: 'popularity.desc' });
    expect(discoverQuery({ ...movies, certification: '15' })).toEqual({ sort_by: 'popularity.desc' });
  });

  it('series filter by first air date, and read discover.tv', () => {
    const query = discoverQuery({ ...series, yearFrom: '2001' });
    expect(query).toEqual({ sort_by: 'popularity.desc', 'first_air_date.gte': '2001-01-01' });
    expect(discoverSource({ ...series, yearFrom: '2001' })).toMatchObject({ kind: 'tv', source: { reads: { op: 'discoverSeries' } } });
    expect(discoverSource(movies)).toMatchObject({ kind: 'movie', source: { reads: { op: 'discoverMovies' } } });
  });

  it('what was typed goes as it is: the service says what it refuses', () => {
    const query = discoverQuery({ ...movies, yearFrom: '2020', yearTo: '1990' });
    expect(query['primary_release_date.gte']).toBe('2020-01-01');
    expect(query['primary_release_date.lte']).toBe('1990-12-31');
  });

  it('keeps an order both kinds have when the kind changes, else popularity', () => {
    expect(sortForKind('tv', 'vote_average.desc')).toBe('vote_average.desc');
    expect(sortForKind('tv', 'revenue.desc')).toBe('popularity.desc');
    expect(sortForKind('movie', 'name.asc')).toBe('popularity.desc');
  });

  it('different filters are different reads; the same filters the same read', () => {
    expect(discoverSource(movies).source.key).toBe(discoverSource({ ...movies }).source.key);
    expect(discoverSource(movies).source.key).not.toBe(discoverSource({ ...movies, voteFloor: '7' }).source.key);
  });
});

describe('trending reads', () => {
  it('one operation per kind, the window in the path', () => {
    expect(trendingSource('all', 'day').reads).toEqual({ op: 'trendingAll', params: expect.objectContaining({ time_window: 'day' }) });
    expect(trendingSource('person', 'week').reads?.op).toBe('trendingPeople');
    expect(trendingSource('movie', 'week').key).not.toBe(trendingSource('movie', 'day').key);
    expect(trendingSource('tv', 'day').reads?.op).toBe('trendingSeries');
  });
});

describe('an entry keeps what its screen shows', () => {
  it('setEntryParams changes the parameters of an entry of the current tab, under the same key', () => {
    const { store } = offlineStore();
    const { nav } = store.getState();
    nav.push('browse.discover', { title: 'Discover', kind: 'movie' });
    const entry = topEntry(store.getState());
    nav.setEntryParams(entry.key, { filters: { ...NO_FILTERS, voteFloor: '7' } });
    const changed = topEntry(store.getState());
    expect(changed.key).toBe(entry.key);
    expect(changed.params).toEqual({ title: 'Discover', kind: 'movie', filters: { ...NO_FILTERS, voteFloor: '7' } });
    const before = store.getState().nav;
    nav.setEntryParams('no-such-entry', { kind: 'tv' });
    expect(store.getState().nav).toBe(before);
  });
});
