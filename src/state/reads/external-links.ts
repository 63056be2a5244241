import { isWebAddress } from '../../api/images.js';

/*
 * The web pages behind the ids other catalogs give a title or a person (IMDb, TheTVDB,
 * Wikidata). An id is only turned into an address when it has the catalog's shape, so whatever
 * the service sends, the address is one of these sites' pages and nothing else.
 */

/** An IMDb id's page: tt… a title, nm… a person. */
export function imdbAddress(id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  if (/^tt\d{1,12}$/.test(id)) return `https://www.imdb.com/title/${id}/`;
  if (/^nm\d{1,12}$/.test(id)) return `https://www.imdb.com/name/${id}/`;
  return undefined;
}

/** A Wikidata item's page (Q…). */
export function wikidataAddress(id: string | null | undefined): string | undefined {
  return id && /^Q\d{1,12}$/.test(id) ? `https://www.wikidata.org/wiki/${id}` : undefined;
}

/** TheTVDB's page of an episode or a series, by its numeric id. */
export function tvdbAddress(kind: 'episode' | 'series', id: number | string | null | undefined): string | undefined {
  const text = id === null || id === undefined ? '' : String(id);
  return /^\d{1,12}$/.test(text) && text !== '0' ? `https://thetvdb.com/dereferrer/${kind}/${text}` : undefined;
}

/**
 * A homepage the service gives, when it is a web address (http or https) and nothing else: no
 * spaces, no control characters (an escape sequence in it would reach the terminal on copy).
 */
export function homepageAddress(homepage: string | null | undefined): string | undefined {
  const trimmed = homepage?.trim();
  return trimmed && isWebAddress(trimmed) && !/[\s\x00-\x1f\x7f-\x9f]/.test(trimmed) ? trimmed : undefined;
}
