import type * as z from 'zod';
import { passesUnchanged } from './shape-check.js';

/** One problem in a body, located by its field path, e.g. `results[3].vote_average`. */
export interface FieldProblem {
  path: string;
  message: string;
}

export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}

export function describeIssues(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ path: formatFieldPath(issue.path), message: issue.message }));
}

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export function parseWith<S extends z.ZodType>(schema: S, body: unknown): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: describeIssues(result.error) };
}

/**
 * parseWith, for a body that belongs to the caller alone (just parsed from JSON): when zod would
 * return it unchanged, it is returned as it is, without zod's copy (see shape-check.ts); any
 * other body goes through zod, so an answer of the wrong shape gets zod's own problems.
 */
export function parseOwnedWith<S extends z.ZodType>(schema: S, body: unknown): ParseOutcome<z.output<S>> {
  if (passesUnchanged(schema, body)) return { ok: true, value: body as z.output<S> };
  return parseWith(schema, body);
}

/** "results[3].vote_average: Invalid input: expected number, received string" (first few). */
export function summarizeProblems(problems: FieldProblem[], max = 3): string {
  const shown = problems.slice(0, max).map((p) => `${p.path}: ${p.message}`);
  const more = problems.length > max ? ` (and ${problems.length - max} more)` : '';
  return shown.join('; ') + more;
}
