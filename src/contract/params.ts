import { INT32_MAX, MAX_PAGE } from './limits.js';

/**
 * Path and query parameters: how the table declares them, how a caller's value goes on the
 * wire (encode), and how the wire text reads back as a typed value (parse). The client
 * encodes, the server parses; for every value the client sends, parse(encode(v)) is v.
 */

export type ParamType = 'integer' | 'number' | 'string' | 'boolean';

export interface ParamSpec {
  readonly type: ParamType;
  readonly required?: boolean;
  /** What the service assumes when the parameter is left out. */
  readonly default?: string | number | boolean;
  readonly description?: string;
  /** The only values a string parameter may take, when the service names them. */
  readonly enum?: readonly string[];
}

export type ParamValue = string | number | boolean;

/** The value a parameter of the given spec parses to. */
export type ParamValueOf<P extends ParamSpec> = P['type'] extends 'integer' | 'number'
  ? number
  : P['type'] extends 'boolean'
    ? boolean
    : string;

/** Parsed parameters of an operation: required ones and ones with a default are always there. */
export type ParsedParams<Q extends Readonly<Record<string, ParamSpec>>> = {
  readonly [N in keyof Q]: Q[N] extends { readonly required: true } | { readonly default: ParamValue }
    ? ParamValueOf<Q[N]>
    : ParamValueOf<Q[N]> | undefined;
};

export type EncodeOutcome = { ok: true; text: string } | { ok: false; problem: string };

/**
 * A query value as the wire wants it. Text is accepted where the spec wants a number or a
 * boolean (it comes from argv: " 8 ", "TRUE") and written the one way the service reads.
 */
export function encodeParam(name: string, spec: ParamSpec | undefined, value: ParamValue): EncodeOutcome {
  switch (spec?.type) {
    case 'integer': {
      const text = String(value).trim();
      if (!/^-?\d+$/.test(text)) return { ok: false, problem: `query parameter ${name} must be an integer, not "${String(value)}"` };
      return { ok: true, text: String(Number(text)) };
    }
    case 'number': {
      const text = String(value).trim();
      if (parseNumber(text) === undefined) return { ok: false, problem: `query parameter ${name} must be a number, not "${String(value)}"` };
      return { ok: true, text: String(Number(text)) };
    }
    case 'boolean': {
      const text = String(value).trim().toLowerCase();
      if (text !== 'true' && text !== 'false') {
        return { ok: false, problem: `query parameter ${name} must be true or false, not "${String(value)}"` };
      }
      return { ok: true, text };
    }
    default: {
      const text = String(value);
      if (spec?.enum && !spec.enum.includes(text)) {
        return { ok: false, problem: `query parameter ${name} must be one of ${spec.enum.join(', ')}, not "${text}"` };
      }
      return { ok: true, text };
    }
  }
}

/** A signed int32 written in decimal digits ("-12", "0042"); anything else is undefined. */
export function parseInteger(text: string): number | undefined {
  if (!/^-?\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) > INT32_MAX ? undefined : value;
}

/** An id: a non-negative int32 in decimal digits, as path parameters name things. */
export function parseId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value > INT32_MAX ? undefined : value;
}

/** A decimal number as the filters of discover read one ("7", "7.5", "-0.5"); anything else is undefined. */
export function parseNumber(text: string): number | undefined {
  if (!/^-?\d{1,10}(\.\d{1,6})?$/.test(text)) return undefined;
  return Number(text);
}

export function parseBoolean(text: string): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

/** A page number, 1..MAX_PAGE, in at most four digits. */
export function parsePage(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : undefined;
}

export type ParamProblem = 'missing' | 'invalid';

export type ParamParse = { ok: true; value: ParamValue | undefined } | { ok: false; problem: ParamProblem };

/**
 * A parameter's wire text (undefined when absent) as its typed value, the spec's default when
 * it is absent. An empty number or boolean counts as absent; an empty string is a value.
 */
export function parseParam(spec: ParamSpec, text: string | undefined): ParamParse {
  const absent = text === undefined || (spec.type !== 'string' && text === '');
  if (absent) return spec.required ? { ok: false, problem: 'missing' } : { ok: true, value: spec.default };
  const value =
    spec.type === 'integer' ? parseInteger(text)
    : spec.type === 'number' ? parseNumber(text)
    : spec.type === 'boolean' ? parseBoolean(text)
    : text;
  if (spec.enum && !spec.enum.includes(text)) return { ok: false, problem: 'invalid' };
  return value === undefined ? { ok: false, problem: 'invalid' } : { ok: true, value };
}
