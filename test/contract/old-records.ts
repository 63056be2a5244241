import type * as z from 'zod';
import { READ_REQUIRED } from '../../src/contract/index.js';

/**
 * Old records: bodies as the real service returns them for records nobody touched in years.
 * From one modern body and its operation's modern schema, the variants have one optional field
 * (one the reader does not require) left out, or null, at every depth (the first item of each
 * list stands for the others); and two extremes: every optional field left out, and every one null.
 */

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;
const REQUIRED = new Set<string>(READ_REQUIRED);

function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  while (['optional', 'nullable', 'default'].includes(defOf(current).type)) current = defOf(current).innerType as z.core.$ZodType;
  return current;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The option of a union that describes `value` (by the discriminator, else the first that parses). */
function optionFor(def: Def, value: unknown): z.core.$ZodType | undefined {
  const options = def.options as z.core.$ZodType[];
  const discriminator = def.discriminator as string | undefined;
  if (discriminator && isRecord(value)) {
    return options.find((option) => {
      const field = (defOf(option).shape as Record<string, z.core.$ZodType>)[discriminator];
      const values = field ? (defOf(field).values as unknown[] | undefined) : undefined;
      return values?.includes(value[discriminator]);
    });
  }
  return options.find((option) => (option as z.ZodType).safeParse(value).success);
}

export type FieldPath = readonly (string | number)[];

/** Paths of the optional fields present in `value`, at every depth (first item of each list). */
export function optionalFieldPaths(schema: z.core.$ZodType, value: unknown, at: FieldPath = []): FieldPath[] {
  const inner = unwrapped(schema);
  const def = defOf(inner);
  if (def.type === 'object' && isRecord(value)) {
    const shape = def.shape as Record<string, z.core.$ZodType>;
    const paths: FieldPath[] = [];
    for (const [key, field] of Object.entries(shape)) {
      if (!(key in value)) continue;
      if (!REQUIRED.has(key)) paths.push([...at, key]);
      paths.push(...optionalFieldPaths(field, value[key], [...at, key]));
    }
    return paths;
  }
  if (def.type === 'array' && Array.isArray(value) && value.length > 0) {
    return optionalFieldPaths(def.element as z.core.$ZodType, value[0], [...at, 0]);
  }
  if (def.type === 'record' && isRecord(value)) {
    const first = Object.keys(value)[0];
    return first === undefined ? [] : optionalFieldPaths(def.valueType as z.core.$ZodType, value[first], [...at, first]);
  }
  if (def.type === 'union') {
    const option = optionFor(def, value);
    return option ? optionalFieldPaths(option, value, at) : [];
  }
  return [];
}

function changedAt(body: unknown, path: FieldPath, change: (parent: Record<string, unknown>, key: string) => void): unknown {
  const copy = structuredClone(body);
  let parent: unknown = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
  change(parent as Record<string, unknown>, String(path.at(-1)));
  return copy;
}

export const withoutField = (body: unknown, path: FieldPath) => changedAt(body, path, (parent, key) => delete parent[key]);
export const withNullField = (body: unknown, path: FieldPath) =>
  changedAt(body, path, (parent, key) => {
    parent[key] = null;
  });

/** Every optional field, at every depth and in every item, left out (or, with `asNull`, null). */
export function oldest(schema: z.core.$ZodType, value: unknown, asNull = false): unknown {
  const def = defOf(unwrapped(schema));
  if (def.type === 'object' && isRecord(value)) {
    const shape = def.shape as Record<string, z.core.$ZodType>;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = shape[key];
      if (!field) continue; // keys no schema names are dropped too: the oldest record has none
      if (REQUIRED.has(key)) out[key] = oldest(field, item, asNull);
      else if (asNull) out[key] = null;
    }
    return out;
  }
  if (def.type === 'array' && Array.isArray(value)) return value.map((item) => oldest(def.element as z.core.$ZodType, item, asNull));
  if (def.type === 'record' && isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, oldest(def.valueType as z.core.$ZodType, item, asNull)]));
  }
  if (def.type === 'union') {
    const option = optionFor(def, value);
    return option ? oldest(option, value, asNull) : value;
  }
  return value;
}

export const describePath = (path: FieldPath) =>
  path.reduce<string>((out, step) => (typeof step === 'number' ? `${out}[${step}]` : out ? `${out}.${step}` : step), '');
