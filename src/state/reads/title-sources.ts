import type { CertificationKind } from '../slices/certifications.js';
import { discoverQuery, discoverSource, type DiscoverAsk, type DiscoverSource, type TitleKind } from './discover.js';
import { pagedOperationSource } from '../slices/queries.js';

/**
 * Lists of titles a screen asks for by what they are ("this country's films rated PG-13", "the
 * series with this keyword"), not by how the service is asked. State turns each into its read:
 * discover through its one query builder (discover.ts), or the operation made for it.
 */

/** The orders a list of certified titles offers, each as discover names it for films and for series. */
export const TITLE_ORDERS = [
  { name: 'popularity', movie: 'popularity.desc', tv: 'popularity.desc' },
  { name: 'rating', movie: 'vote_average.desc', tv: 'vote_average.desc' },
  { name: 'release date', movie: 'primary_release_date.desc', tv: 'first_air_date.desc' },
  { name: 'title', movie: 'title.asc', tv: 'name.asc' },
] as const;

export type TitleOrder = (typeof TITLE_ORDERS)[number]['name'];

export type TitleSource =
  /** The titles a country certifies with a label, or (orBelow) with that label or a milder one. */
  | {
      readonly of: 'certified';
      readonly kind: CertificationKind;
      readonly country: string;
      readonly label: string;
      readonly orBelow: boolean;
      readonly order: TitleOrder;
    }
  /** The films, or the series, with a keyword. */
  | { readonly of: 'keyword'; readonly kind: TitleKind; readonly keywordId: number }
  /** The series a network airs. */
  | { readonly of: 'network'; readonly networkId: number }
  /** The films a company produced. */
  | { readonly of: 'company'; readonly companyId: number };

/** The titles certified with `label` in `country`: that label only, most popular first, unless told otherwise. */
export function certifiedTitles(
  kind: CertificationKind,
  country: string,
  label: string,
  how: { readonly orBelow?: boolean; readonly order?: TitleOrder } = {},
): TitleSource {
  return { of: 'certified', kind, country, label, orBelow: how.orBelow ?? false, order: how.order ?? 'popularity' };
}

export function keywordTitles(kind: TitleKind, keywordId: number): TitleSource {
  return { of: 'keyword', kind, keywordId };
}

export function networkTitles(networkId: number): TitleSource {
  return { of: 'network', networkId };
}

export function companyTitles(companyId: number): TitleSource {
  return { of: 'company', companyId };
}

/** Whether a source lists films or series. */
export function titleSourceKind(source: TitleSource): TitleKind {
  switch (source.of) {
    case 'certified':
    case 'keyword':
      return source.kind;
    case 'network':
      return 'tv';
    case 'company':
      return 'movie';
  }
}

/**
 * How a source is asked: discover with a query, or (a keyword's films) the keyword's own list,
 * the operation made for it, which the service's site lists them by.
 */
function askOf(source: TitleSource): { readonly discover: DiscoverAsk } | { readonly keywordFilms: number } {
  switch (source.of) {
    case 'certified': {
      const order = TITLE_ORDERS.find((o) => o.name === source.order) ?? TITLE_ORDERS[0];
      const discover: DiscoverAsk = {
        kind: source.kind,
        sort: order[source.kind],
        certificationCountry: source.country,
        certification: source.label,
        certificationOrBelow: source.orBelow,
      };
      return { discover };
    }
    case 'keyword':
      return source.kind === 'movie' ? { keywordFilms: source.keywordId } : { discover: { kind: 'tv', keywords: [source.keywordId] } };
    case 'network':
      // Most popular first, said outright as the network's page always has.
      return { discover: { kind: 'tv', networks: [source.networkId], sort: 'popularity.desc' } };
    case 'company':
      return { discover: { kind: 'movie', companies: [source.companyId] } };
  }
}

/** The query a source sends to discover; undefined for one that is not asked of discover. */
export function titleSourceQuery(source: TitleSource): Record<string, string> | undefined {
  const ask = askOf(source);
  return 'discover' in ask ? discoverQuery(ask.discover) : undefined;
}

/**
 * The paged read of a source. Equal sources give the same key, so a label's count on its
 * country's page (the first page's total_results) is the first page its titles open on.
 */
export function titleSourceRead(source: TitleSource): DiscoverSource {
  const ask = askOf(source);
  if ('discover' in ask) return discoverSource(ask.discover);
  return { kind: 'movie', source: pagedOperationSource('keywordMovies', { path: { keyword_id: ask.keywordFilms } }) };
}
