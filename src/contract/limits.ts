/**
 * The service's numeric limits, as every side must see them: the client stops paging at
 * MAX_PAGE, the server refuses pages beyond it, and ids and integers are int32 on the wire.
 */

/** Pages 1..500 of any listing are served, whatever total_pages says (a list can claim 7,416). */
export const MAX_PAGE = 500;

/** Results on each page of a paged answer. */
export const PAGE_SIZE = 20;

/**
 * Parts one request may add to a record with `append_to_response`; more is refused with 400
 * status_code 27, so a client needing more splits them over several requests.
 */
export const MAX_APPENDED_PARTS = 20;

/**
 * Requests one client may send to the real service: about 40 a second (beyond it answers 429).
 * The client spaces its requests under this (see ClientOptions.rateLimit).
 */
export const SERVICE_RATE_LIMIT = { limit: 40, intervalMs: 1000 } as const;

/** The largest id or integer parameter the service reads. */
export const INT32_MAX = 2_147_483_647;
