import { MAX_APPENDED_PARTS } from '../../contract/index.js';
import { ApiError } from '../http/errors.js';

/**
 * `append_to_response`: a record's details with other answers about the same record in one
 * request, as the real service does it. Each part is keyed by its name and is what its own
 * operation answers, without the id (the record's id is already there). A part this server does
 * not answer (credits, videos, ...), or cannot answer for this caller (account states without a
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
type PartMakers = Readonly<Record<string, () => ({ id: number } & object) | undefined>>;

type Appended<M extends PartMakers> = {
  [K in keyof M]?: Omit<NonNullable<ReturnType<M[K]>>, 'id'>;
};

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
    const { id: _id, ...part } = made;
    out[name] = part;
  }
  return out as B & Appended<M>;
}
