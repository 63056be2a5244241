import type { OperationKey, Operations } from '../contract/operations.js';
import { fillTemplate } from '../contract/paths.js';

/**
 * Which cached GETs a successful write may have changed, per write operation. Patterns are
 * path templates: a parameter is filled from the write's path parameters or body fields when
 * it has one of that name, and otherwise matches any segment. A pattern covers its path and
 * every path below it. The type makes a new write operation a compile error until it has a row.
 */
export type WriteOperationKey = {
  [K in OperationKey]: Operations[K]['method'] extends 'GET' ? never : K;
}[OperationKey];

export const INVALIDATED_BY: Readonly<Record<WriteOperationKey, readonly string[]>> = {
  // A new session id makes new cache keys; nothing cached can be wrong.
  createSession: [],
  validateWithLogin: [],
  // Signing out: forget everything, since answers were cached under the old session.
  deleteSession: ['/3'],
  createList: ['/3/account/{account_id}/lists'],
  addListItem: ['/3/list/{list_id}', '/3/account/{account_id}/lists', '/3/movie/{media_id}/lists'],
  removeListItem: ['/3/list/{list_id}', '/3/account/{account_id}/lists', '/3/movie/{media_id}/lists'],
  clearList: ['/3/list/{list_id}', '/3/account/{account_id}/lists', '/3/movie/{movie_id}/lists'],
  deleteList: ['/3/list/{list_id}', '/3/account/{account_id}/lists', '/3/movie/{movie_id}/lists'],
  rateEpisode: [
    '/3/account/{account_id}/rated/tv/episodes',
    '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}',
  ],
  deleteEpisodeRating: [
    '/3/account/{account_id}/rated/tv/episodes',
    '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}',
  ],
};

/** The concrete patterns for one write: known parameters filled in (URL-encoded), others `*`. */
export function invalidationPatterns(
  key: OperationKey,
  pathParams: Record<string, string | number>,
  body: unknown,
): string[] {
  const templates = (INVALIDATED_BY as Partial<Record<OperationKey, readonly string[]>>)[key] ?? [];
  const bodyFields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return templates.map((template) =>
    fillTemplate(template, (name) => {
      const value = pathParams[name] ?? bodyFields[name];
      return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : '*';
    }),
  );
}
