import { MAX_APPENDED_PARTS, type OperationKey } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';
import type { HandlerContext } from './context.js';

/**
 * `append_to_response`: a record's details with other answers about the same record in one
 * request, as the real service does it. Each part is keyed by its name and is what its own
 * operation answers (its first page, for a paged one), without the id (the record's id is
 * already there). A part this server does
 * not answer (release dates, translations, ...), or cannot answer for this caller (account states without a
 * session), is left out, as the real service leaves out parts it does not know; more than
 * MAX_APPENDED_PARTS parts is refused with 400 status_code 27.
 */

/** The part names asked for, in order; empty names (a trailing comma) are not parts. */
export function appendedParts(text: string | undefined): string[] {
  if (text === undefined) return [];
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length > MAX_APPENDED_PARTS) throw new ApiError(27);
  return parts;
}

/** How a record makes each part it can append; undefined when it cannot for this caller. */
type PartMakers = Readonly<Record<string, () => object | undefined>>;

/** T without its id; unlike Omit, keeps the known keys of a type that also allows others. */
type WithoutId<T> = { [P in keyof T as P extends 'id' ? never : P]: T[P] };

type Appended<M extends PartMakers> = {
  [K in keyof M]?: WithoutId<NonNullable<ReturnType<M[K]>>>;
};

/**
 * The context a part's own operation would have been called with: the same record (path),
 * caller and time, and the query it shares with the details request (language, first page).
 * Parameters only the part's own request can carry (include_video_language...) are not there,
 * as on the real service.
 */
export function partContext<K extends OperationKey>(ctx: HandlerContext<OperationKey>, key: K, query: object): HandlerContext<K> {
  return { ...ctx, key, query } as unknown as HandlerContext<K>;
}

/** The details with each requested part it knows added; each part is made once. */
export function appendParts<B extends object, M extends PartMakers>(
  details: B,
  requested: readonly string[],
  makers: M,
): B & Appended<M> {
  const out: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  for (const name of new Set(requested)) {
    if (!Object.hasOwn(makers, name)) continue;
    const made = makers[name]!();
    if (made === undefined) continue;
    const { id: _id, ...part } = made as { id?: unknown };
    out[name] = part;
  }
  return out as B & Appended<M>;
}

/** A part's answer, which every part handler gives at once (only password checks wait). */
export function answeredNow<T>(answer: T | Promise<T>): T {
  if (answer instanceof Promise) throw new Error('an appended part must be answered at once');
  return answer;
}
