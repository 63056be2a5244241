import { describe, expect, it } from 'vitest';
import {
  certifiedTitles,
  companyTitles,
  discoverSource,
  keywordTitles,
  networkTitles,
  titleSourceKind,
  titleSourceQuery,
  titleSourceRead,
  TITLE_ORDERS,
} from '../../src/state/index.js';

/** Each title source, as the service is asked for it: through discover's one query builder, or the operation made for it. */

describe('title sources', () => {
  it("a country's certified titles: that label, or that label or below, in an order", () => {
    expect(titleSourceQuery(certifiedTitles('movie', 'US', 'PG-13'))).toEqual({
      sort_by: 'popularity.desc', certification_country: 'US', certification: 'PG-13',
    });
    expect(titleSourceQuery(certifiedTitles('tv', 'GB', '15', { orBelow: true, order: 'release date' }))).toEqual({
      sort_by: 'first_air_date.desc', certification_country: 'GB', 'certification.lte': '15',
    });
    expect(titleSourceQuery(certifiedTitles('movie', 'DE', '12', { order: 'title' }))).toEqual({
      sort_by: 'title.asc', certification_country: 'DE', certification: '12',
    });
    expect(TITLE_ORDERS.map((o) => o.name)).toEqual(['popularity', 'rating', 'release date', 'title']);
    expect(titleSourceRead(certifiedTitles('tv', 'GB', '15'))).toMatchObject({ kind: 'tv', source: { reads: { op: 'discoverSeries' } } });
  });

  it("a keyword's series through discover; its films through the keyword's own list", () => {
    expect(titleSourceQuery(keywordTitles('tv', 818))).toEqual({ with_keywords: '818' });
    expect(titleSourceRead(keywordTitles('tv', 818))).toMatchObject({ kind: 'tv', source: { reads: { op: 'discoverSeries' } } });
    expect(titleSourceQuery(keywordTitles('movie', 818))).toBeUndefined();
    expect(titleSourceRead(keywordTitles('movie', 818))).toMatchObject({ kind: 'movie', source: { reads: { op: 'keywordMovies', params: { keyword_id: 818 } } } });
  });

  it("a network's series, most popular first, and a company's films", () => {
    expect(titleSourceQuery(networkTitles(49))).toEqual({ sort_by: 'popularity.desc', with_networks: '49' });
    expect(titleSourceKind(networkTitles(49))).toBe('tv');
    expect(titleSourceQuery(companyTitles(420))).toEqual({ with_companies: '420' });
    expect(titleSourceRead(companyTitles(420))).toMatchObject({ kind: 'movie', source: { reads: { op: 'discoverMovies' } } });
  });

  it("a label's count and the first page its titles open on are one read (the same key)", () => {
    const counted = titleSourceRead(certifiedTitles('movie', 'US', 'R')).source.key;
    expect(titleSourceRead(certifiedTitles('movie', 'US', 'R', { orBelow: false, order: 'popularity' })).source.key).toBe(counted);
    expect(titleSourceRead(certifiedTitles('movie', 'US', 'R', { orBelow: true })).source.key).not.toBe(counted);
    // And the same read as Discover's form asks with the same filters.
    expect(discoverSource({ kind: 'movie', sort: 'popularity.desc', certificationCountry: 'US', certification: 'R', certificationOrBelow: false }).source.key).toBe(counted);
  });
});
