import { MAX_APPENDED_PARTS, type OperationKey, appendablePartsOf, operations } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { HandlerContext } from './context.js';

/**
 * `append_to_response`: a record's details with other answers about the same record in one
 * request, as the real service does it ("sub requests within the same namespace"). The parts a
 * record can append are its sub-resources in the operations table (contract/appendable.ts),
 * each answered by its own operation's handler: what it answers on its own (its first page, for
 * a paged one), without the id (the record's id is already there). A part the record does not
 * have, or that this caller cannot have (account states without a session), is left out, as the
 * real service leaves out parts it does not know; more than MAX_APPENDED_PARTS parts is refused
 * with 400 status_code 27.
 */

/** The part names asked for, in order; empty names (a trailing comma) are not parts. */
export function appendedParts(text: string | undefined): string[] {
  if (text === undefined) return [];
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length > MAX_APPENDED_PARTS) throw new ApiError(27);
  return parts;
}

/**
 * The context a part's own operation would have been called with: the same record (path),
 * caller and time, and the query it shares with the details request (language, image
 * languages); its other parameters take the table's defaults (the first page). Parameters only
 * the part's own request can carry (include_video_language...) are not there, as on the real
 * service.
 */
export function partContext<K extends OperationKey>(ctx: HandlerContext<OperationKey>, key: K, query: object): HandlerContext<K> {
  return { ...ctx, key, query } as unknown as HandlerContext<K>;
}

function sharedQuery(ctx: HandlerContext<OperationKey>, key: OperationKey): Record<string, unknown> {
  const given = ctx.query as Record<string, unknown>;
  const shared = operations[ctx.key].query;
  return Object.fromEntries(
    Object.entries(operations[key].query as Record<string, { default?: unknown }>).map(([name, spec]) => [
      name,
      Object.hasOwn(shared, name) ? given[name] : spec.default,
    ]),
  );
}

/**
 * The context of one part, or undefined when the caller cannot have it: a part that needs a
 * session (account_states) is answered for the session or guest session the details request
 * names, and left out when it names none.
 */
function contextOfPart(ctx: HandlerContext<OperationKey>, key: OperationKey): HandlerContext<OperationKey> | undefined {
  const part = partContext(ctx, key, sharedQuery(ctx, key));
  const use = operations[key].session;
  if (use === 'none') return part;
  const caller = ctx.optionalCaller();
  if (caller === undefined || (use === 'session' && caller.kind !== 'user')) return undefined;
  return { ...part, caller };
}

/** How the route answers one operation for a context, as it would answer the operation's own request. */
export type PartAnswerer = (ctx: HandlerContext<OperationKey>) => Promise<unknown>;

/** The details with each requested part the record has added, in the order asked; each part is made once. */
export async function withAppendedParts(
  ctx: HandlerContext<OperationKey>,
  details: unknown,
  requested: readonly string[],
  answer: PartAnswerer,
): Promise<unknown> {
  const parts = appendablePartsOf(ctx.key);
  if (requested.length === 0 || parts.size === 0 || typeof details !== 'object' || details === null) return details;
  const out: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  for (const name of new Set(requested)) {
    const key = parts.get(name);
    const part = key === undefined ? undefined : contextOfPart(ctx, key);
    if (part === undefined) continue;
    const { id: _id, ...made } = (await answer(part)) as { id?: unknown };
    out[name] = made;
  }
  return out;
}
