import * as z from 'zod';

/**
 * Reader tolerant, writer strict.
 *
 * The schemas in schemas/ describe the full modern shape of each answer: what the real service
 * sends for a record touched recently, and what the embedded server must emit. The real service
 * also returns records shaped by ten years of changes (keys absent, strings null), so the
 * client reads with a derived schema that requires only what a screen cannot work without:
 * the identity of a record (READ_REQUIRED) and the `results` of a list. Every other field may be
 * absent or null; a field that is present with the wrong type still fails with its path, and
 * keys no schema names are kept.
 */

/**
 * Keys a reader still requires wherever the modern shape requires them: identities (ids, the
 * numbers that address an episode, an image's file path, a certification's label), the items
 * of a page, the discriminator of polymorphic items, and the secrets and answers of the session
 * and list writes the client acts on (a write's status_code says created or updated).
 */
export const READ_REQUIRED = [
  'id',
  'results',
  'media_type',
  'season_number',
  'episode_number',
  'file_path',
  'certification',
  'rating',
  'request_token',
  'session_id',
  'guest_session_id',
  'list_id',
  'item_present',
  'status_code',
] as const;
export type ReadRequiredKey = (typeof READ_REQUIRED)[number];

const REQUIRED = new Set<string>(READ_REQUIRED);

/** The type a tolerant reader produces from the modern type T. */
export type Tolerant<T> = T extends readonly (infer E)[]
  ? Tolerant<E>[]
  : T extends object
    ? { [K in keyof T as K extends ReadRequiredKey ? K : never]: Tolerant<T[K]> } & {
        [K in keyof T as K extends ReadRequiredKey ? never : K]?: Tolerant<T[K]> | null;
      }
    : T;

/** A reader schema: parses what the modern schema S parses, and much older shapes too. */
export type ReaderOf<S extends z.ZodType> = z.ZodType<Tolerant<z.output<S>>, unknown>;

/** The type a reader of the modern schema S returns. */
export type Read<S extends z.ZodType> = Tolerant<z.output<S>>;

type AnySchema = z.core.$ZodType;

const OPEN = new WeakSet<AnySchema>();

/**
 * Marks an object whose keys vary by kind (a tagged image's `media` is a movie, a series or an
 * episode): the writer's check lets it carry keys its schema does not name.
 */
export function openShape<S extends z.ZodType>(schema: S): S {
  OPEN.add(schema);
  return schema;
}
type Def = { type: string } & Record<string, unknown>;

const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;

/**
 * Rebuilds a schema with every object in it (at any depth: in arrays, records, unions and
 * optional or nullable wrappers) replaced by what `object` makes of its fields.
 */
function mapObjects(
  schema: AnySchema,
  object: (shape: Record<string, AnySchema>, again: (field: AnySchema) => AnySchema) => AnySchema,
  again: (inner: AnySchema) => AnySchema = (inner) => mapObjects(inner, object, again),
): AnySchema {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return object(def.shape as Record<string, AnySchema>, again);
    case 'array':
      return z.array(again(def.element as AnySchema) as z.ZodType);
    case 'record':
      return z.record(def.keyType as z.ZodString, again(def.valueType as AnySchema) as z.ZodType);
    case 'union': {
      const options = (def.options as AnySchema[]).map((option) => again(option) as z.ZodType);
      const discriminator = def.discriminator as string | undefined;
      return discriminator
        ? z.discriminatedUnion(discriminator, options as [z.ZodObject, ...z.ZodObject[]])
        : z.union(options as [z.ZodType, ...z.ZodType[]]);
    }
    case 'optional':
      return (again(def.innerType as AnySchema) as z.ZodType).optional();
    case 'nullable':
      return (again(def.innerType as AnySchema) as z.ZodType).nullable();
    case 'default':
      return again(def.innerType as AnySchema);
    default:
      // Scalars, literals and transforms (list ids) stay as they are.
      return schema;
  }
}

/** Strips optional/nullable/default wrappers: a tolerant field adds its own. */
function unwrapped(schema: AnySchema): AnySchema {
  let current = schema;
  while (['optional', 'nullable', 'default'].includes(defOf(current).type)) current = defOf(current).innerType as AnySchema;
  return current;
}

/** The tolerant reader of a modern schema. */
export function reader<S extends z.ZodType>(modern: S): ReaderOf<S> {
  const tolerant = (schema: AnySchema): AnySchema =>
    mapObjects(schema, (shape, again) => {
      const fields: Record<string, AnySchema> = {};
      for (const [key, field] of Object.entries(shape)) {
        // A required key keeps the modern shape's own wrappers; any other may be absent or null.
        fields[key] = REQUIRED.has(key) ? again(field) : (again(unwrapped(field)) as z.ZodType).nullish();
      }
      return z.looseObject(fields);
    });
  return tolerant(modern) as unknown as ReaderOf<S>;
}

/**
 * The writer's check: the modern shape, with no key it does not name (at any depth). The
 * embedded server's answers are held to it, so it sends what the real service sends and
 * nothing else.
 */
export function exactShape<S extends z.ZodType>(modern: S): z.ZodType<z.output<S>, unknown> {
  const strictFields = (shape: Record<string, AnySchema>, again: (field: AnySchema) => AnySchema) =>
    z.strictObject(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, again(field)])));
  const exact = (schema: AnySchema): AnySchema => (OPEN.has(schema) ? schema : mapObjects(schema, strictFields, exact));
  return exact(modern) as unknown as z.ZodType<z.output<S>, unknown>;
}
