import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OperationKey } from '../../contract/index.js';

/**
 * HTTP caching as the real service does it: catalog reads are public for a minute; reads of
 * user data (accounts, lists, item status, E12) may be kept but must be revalidated every time
 * (no-cache), so a change shows at once while an unchanged answer costs a 304 and no body;
 * every GET carries an ETag (a hash of the body, so it changes whenever the list does) and a
 * matching If-None-Match gets 304.
 */

const CATALOG_MAX_AGE_SECONDS = 60;

/**
 * Reads of data users change (an account's, a list's): kept by the caller alone (private, so
 * never written to a cache shared between users or runs) and revalidated at every use.
 */
const USER_DATA_READS: ReadonlySet<OperationKey> = new Set([
  'accountOfSession', 'accountDetails', 'accountLists', 'accountRatedEpisodes', 'seasonAccountStates',
  'movieAccountStates', 'seriesAccountStates', 'episodeAccountStates', 'accountRatedMovies', 'accountRatedSeries',
  'guestRatedMovies', 'guestRatedSeries', 'guestRatedEpisodes',
  'watchlistMovies', 'watchlistSeries', 'favoriteMovies', 'favoriteSeries',
  'listDetails', 'listItemStatus', 'movieLists',
]);
/** Reads that create something (tokens, guest sessions): never stored. */
const CREATING_READS: ReadonlySet<OperationKey> = new Set(['validateKey', 'requestToken', 'createGuestSession']);

const PRIVATE_REVALIDATED = 'private, no-cache';

export function cacheControlFor(key: OperationKey, method: string): string {
  if (method !== 'GET' || CREATING_READS.has(key)) return 'no-store';
  if (USER_DATA_READS.has(key)) return PRIVATE_REVALIDATED;
  return `public, max-age=${CATALOG_MAX_AGE_SECONDS}`;
}

/**
 * The cache-control of one answer: a catalog read that carries the caller's own states (a
 * season with account_states appended) is the caller's alone, like the account reads.
 */
export function cacheControlOfAnswer(base: string, body: unknown): string {
  return typeof body === 'object' && body !== null && 'account_states' in body ? PRIVATE_REVALIDATED : base;
}

/**
 * Weak, because compression may change the bytes while the representation stays the same.
 * `hash` is the one-shot form: no Hash object per body, about a fifth less time for a 15 KiB
 * body, and every GET pays it.
 */
export function entityTag(payload: string | Buffer): string {
  return `W/"${hash('sha1', payload, 'base64url')}"`;
}

export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}

/** Adds ETag to successful GETs and answers 304 when the client already has that body. */
export function addEntityTags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = entityTag(payload);
    reply.header('etag', tag);
    reply.header('vary', 'Accept-Encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
