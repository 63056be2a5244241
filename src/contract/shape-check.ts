import type * as z from 'zod';

/**
 * A plain-function check compiled from a reader schema, for the client's answers.
 *
 * zod's `safeParse` of a page of results builds a copy of every object, array and field result
 * it visits (each tolerant field is an optional around a nullable around its type), which costs
 * the client more CPU than the request itself, most of it in garbage. A body just parsed from
 * JSON belongs to no one else, so when zod would return it unchanged (key order aside) it can
 * be used as it is: this check says so without allocating anything. The schemas stay the single
 * source: the check is derived from their definitions, and whenever it cannot vouch for a body
 * zod parses it as before, so the errors and their field paths are zod's own.
 *
 * A check is exact for what it knows: it passes only bodies zod accepts and returns unchanged,
 * and fails only bodies zod rejects. What it cannot decide without zod (a value a transform
 * would convert, such as a list id sent as a digit string) it leaves to zod. A schema using a
 * kind of zod type or refinement it does not know gets no check at all.
 *
 * A schema read more than a couple of times has each object's check written out as code
 * (generatedObjectCheck), as zod does for its own object parsers; until then, or where the process
 * may not compile code, the check loops over the object's fields.
 */

/** What a check says of a value. */
const Verdict = {
  /** zod accepts it and returns it unchanged. */
  pass: 0,
  /** zod rejects it. */
  fail: 1,
  /** Only zod can say (a transform would change it, or zod's copy would drop a key). */
  askZod: 2,
} as const;
type Verdict = (typeof Verdict)[keyof typeof Verdict];

type Check = (value: unknown) => Verdict;

type AnySchema = z.core.$ZodType;
type Def = { type: string; checks?: AnySchema[] } & Record<string, unknown>;

const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;

/** A schema this module cannot mirror exactly: the whole schema is then left to zod. */
class Unsupported extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod copies objects key by key and skips `__proto__` (assigning it would change the copy's
 * prototype); JSON.parse makes it an own key. Such a body is left to zod, so it reads the same.
 */
const hasProtoKey = (value: object): boolean => Object.hasOwn(value, '__proto__');

/**
 * The refinements of a string or number schema as plain predicates: the ones the contract uses
 * (a pattern, a safe integer). zod runs a schema's own check (z.int() is one) before its others.
 */
function refinementsOf(schema: AnySchema): Array<(value: never) => boolean> {
  const checks = [...(schema._zod.traits.has('$ZodCheck') ? [schema] : []), ...(defOf(schema).checks ?? [])];
  return checks.map((check) => {
    const def = check._zod.def as unknown as { check?: string; format?: string; pattern?: RegExp; when?: unknown };
    if (def.when !== undefined) throw new Unsupported('a conditional check');
    if (def.check === 'string_format' && def.format === 'regex' && def.pattern) {
      const pattern = def.pattern;
      return (value: string) => {
        // As zod does: a global or sticky pattern would otherwise resume where it stopped.
        pattern.lastIndex = 0;
        return pattern.test(value);
      };
    }
    if (def.check === 'number_format' && def.format === 'safeint') return (value: number) => Number.isSafeInteger(value);
    throw new Unsupported(`the check ${def.check ?? '?'} (${def.format ?? ''})`);
  });
}

function scalarCheck(isType: (value: unknown) => boolean, schema: AnySchema): Check {
  const refinements = refinementsOf(schema);
  if (refinements.length === 0) return (value) => (isType(value) ? Verdict.pass : Verdict.fail);
  return (value) => {
    if (!isType(value)) return Verdict.fail;
    for (const refinement of refinements) if (!refinement(value as never)) return Verdict.fail;
    return Verdict.pass;
  };
}

const noRefinements = (schema: AnySchema, what: string) => {
  if ((defOf(schema).checks ?? []).length > 0) throw new Unsupported(`a refinement of ${what}`);
};

/**
 * How one field of an object is checked: its optional and nullable wrappers peeled off (in any
 * order they let undefined or null through), and a plain string, number or boolean read with
 * typeof in the object's own loop, so the common field costs no call at all.
 */
interface FieldPlan {
  key: string;
  /** The key may be left out: zod then adds nothing to its copy, whatever the field's schema. */
  mayBeAbsent: boolean;
  undefinedPasses: boolean;
  nullPasses: boolean;
  plainType: 'string' | 'number' | 'boolean' | undefined;
  /** The peeled schema's check, for any value the fields above do not settle. */
  check: Check;
}

function fieldPlan(key: string, schema: AnySchema, compile: (schema: AnySchema) => Check): FieldPlan {
  const { optin, optout } = schema._zod;
  if (optin !== undefined && !(optin === 'optional' && optout === 'optional')) throw new Unsupported('a default');
  let inner = schema;
  let undefinedPasses = false;
  let nullPasses = false;
  for (let def = defOf(inner); def.type === 'optional' || def.type === 'nullable'; def = defOf(inner)) {
    noRefinements(inner, `an ${def.type}`);
    if (def.type === 'optional') {
      if ((def.innerType as AnySchema)._zod.optin === 'defaulted') throw new Unsupported('a default');
      undefinedPasses = true;
    } else {
      nullPasses = true;
    }
    inner = def.innerType as AnySchema;
  }
  const def = defOf(inner);
  const plain = (def.type === 'string' || def.type === 'number' || def.type === 'boolean') && !def.coerce && def.format === undefined;
  return {
    key,
    mayBeAbsent: optin !== undefined,
    undefinedPasses,
    nullPasses,
    plainType: plain && refinementsOf(inner).length === 0 ? (def.type as FieldPlan['plainType']) : undefined,
    check: compile(inner),
  };
}

function objectCheck(schema: AnySchema, compile: (schema: AnySchema) => Check, generate: boolean): Check {
  const def = defOf(schema);
  noRefinements(schema, 'an object');
  // Only the reader's loose objects: zod's copy of any other object drops or rejects keys.
  const catchall = def.catchall as AnySchema | undefined;
  if (!catchall || defOf(catchall).type !== 'unknown') throw new Unsupported('an object that is not loose');
  const shape = def.shape as Record<string, AnySchema>;
  if (Object.getOwnPropertySymbols(shape).length > 0 || Object.hasOwn(shape, '__proto__')) throw new Unsupported('an unusual key');
  const fields = Object.keys(shape).map((key) => fieldPlan(key, shape[key]!, compile));
  return (generate ? generatedObjectCheck(fields) : undefined) ?? loopedObjectCheck(fields);
}

/** The object check as a loop over the field plans: where code cannot be generated. */
function loopedObjectCheck(fields: FieldPlan[]): Check {
  return (value) => {
    if (!isObject(value)) return Verdict.fail;
    if (hasProtoKey(value)) return Verdict.askZod;
    for (const field of fields) {
      const item = value[field.key];
      if (item === undefined) {
        if (!(field.key in value)) {
          if (field.mayBeAbsent) continue;
          return Verdict.fail;
        }
        if (field.undefinedPasses) continue;
      } else if (item === null) {
        if (field.nullPasses) continue;
      } else if (field.plainType !== undefined) {
        // zod's number is finite: JSON.parse reads 1e999 as Infinity, which zod rejects.
        if (field.plainType === 'number' ? !Number.isFinite(item) : typeof item !== field.plainType) return Verdict.fail;
        continue;
      }
      const verdict = field.check(item);
      if (verdict !== Verdict.pass) return verdict;
    }
    // Keys the schema does not name are kept as they are (the catchall is z.unknown()).
    return Verdict.pass;
  };
}

/** Whether this process may compile code from text (Node can be started without it, as zod also asks). */
let codeFromText: boolean | undefined;
function mayCompileCode(): boolean {
  if (codeFromText === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a probe, as zod's own
      const probe = new Function('return true') as () => unknown;
      codeFromText = probe() === true;
    } catch {
      codeFromText = false;
    }
  }
  return codeFromText;
}

/**
 * The object check of loopedObjectCheck, written out field by field as a function of its own,
 * as zod compiles its own object parsers: each field read by its name where the loop reads it by
 * a key it holds in a variable, so V8 keeps one inline cache per field for the shapes JSON.parse
 * gives the service's objects instead of a lookup in its global cache per field of every object.
 * A page of twenty results reads some three hundred fields. The keys come from the contract's
 * schemas, never from an answer, and are written as JSON string literals.
 */
function generatedObjectCheck(fields: FieldPlan[]): Check | undefined {
  if (!mayCompileCode()) return undefined;
  const { pass, fail } = Verdict;
  const checkField = (index: number) => `verdict = checks[${index}](item); if (verdict !== ${pass}) return verdict;`;
  const lines = fields.map((field, index) => {
    const key = JSON.stringify(field.key);
    const present =
      field.plainType === 'number'
        ? // zod's number is finite: JSON.parse reads 1e999 as Infinity, which zod rejects.
          `if (!Number.isFinite(item)) return ${fail};`
        : field.plainType !== undefined
          ? `if (typeof item !== ${JSON.stringify(field.plainType)}) return ${fail};`
          : checkField(index);
    return [
      `item = value[${key}];`,
      'if (item === undefined) {',
      `  if (!(${key} in value)) { ${field.mayBeAbsent ? '' : `return ${fail};`} }`,
      `  else { ${field.undefinedPasses ? '' : checkField(index)} }`,
      `} else if (item === null) { ${field.nullPasses ? '' : checkField(index)} }`,
      `else { ${present} }`,
    ].join('\n');
  });
  const body = [
    'return (value) => {',
    `  if (!isObject(value)) return ${fail};`,
    `  if (hasProtoKey(value)) return ${Verdict.askZod};`,
    '  let item;',
    '  let verdict;',
    ...lines,
    `  return ${pass};`,
    '};',
  ].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: the text is built from the schemas alone
  const make = new Function('checks', 'isObject', 'hasProtoKey', body) as (checks: Check[], ...helpers: unknown[]) => Check;
  return make(
    fields.map((field) => field.check),
    isObject,
    hasProtoKey,
  );
}

/** zod's choice among options: the first that accepts the value. */
function firstOptionCheck(options: Check[]): Check {
  return (value) => {
    for (const option of options) {
      const verdict = option(value);
      // An option only zod can judge might be the one zod picks, with a value of its own.
      if (verdict !== Verdict.fail) return verdict;
    }
    return Verdict.fail;
  };
}

function unionCheck(schema: AnySchema, compile: (schema: AnySchema) => Check): Check {
  const def = defOf(schema);
  noRefinements(schema, 'a union');
  const options = (def.options as AnySchema[]).map(compile);
  const discriminator = def.discriminator as string | undefined;
  if (discriminator === undefined) {
    if (def.inclusive === false) throw new Unsupported('an exclusive union');
    return options.length === 1 ? options[0]! : firstOptionCheck(options);
  }
  // As zod's discriminated union: the value of the discriminator picks the one option to try;
  // a value two options claim picks none.
  const byValue = new Map<unknown, Check | null>();
  (def.options as AnySchema[]).forEach((option, index) => {
    for (const tag of option._zod.propValues?.[discriminator] ?? []) {
      byValue.set(tag, byValue.has(tag) ? null : options[index]!);
    }
  });
  const fallback = def.unionFallback ? firstOptionCheck(options) : undefined;
  return (value) => {
    if (!isObject(value)) return Verdict.fail;
    const option = byValue.get(value[discriminator]);
    if (option) return option(value);
    return fallback ? fallback(value) : Verdict.fail;
  };
}

function recordCheck(schema: AnySchema, compile: (schema: AnySchema) => Check): Check {
  const def = defOf(schema);
  noRefinements(schema, 'a record');
  const keyType = def.keyType as AnySchema;
  // Any text key: zod then checks only the values, and copies every key but `__proto__`.
  if (defOf(keyType).type !== 'string' || refinementsOf(keyType).length > 0 || defOf(keyType).format !== undefined) {
    throw new Unsupported('a record with keys of a narrower type');
  }
  const valueCheck = compile(def.valueType as AnySchema);
  return (value) => {
    if (!isObject(value)) return Verdict.fail;
    if (hasProtoKey(value)) return Verdict.askZod;
    for (const key in value) {
      const verdict = valueCheck(value[key]);
      if (verdict !== Verdict.pass) return verdict;
    }
    return Verdict.pass;
  };
}

/** `generate`: each object's check written out as code (generatedObjectCheck), where it may be. */
function compileWith(schema: AnySchema, compiled: Map<AnySchema, Check>, generate: boolean): Check {
  const known = compiled.get(schema);
  if (known) return known;
  const compile = (inner: AnySchema) => compileWith(inner, compiled, generate);
  const def = defOf(schema);
  if (def.coerce) throw new Unsupported('coercion');
  let check: Check;
  switch (def.type) {
    case 'object':
      check = objectCheck(schema, compile, generate);
      break;
    case 'array': {
      noRefinements(schema, 'an array');
      const element = compile(def.element as AnySchema);
      check = (value) => {
        if (!Array.isArray(value)) return Verdict.fail;
        for (const item of value) {
          const verdict = element(item);
          if (verdict !== Verdict.pass) return verdict;
        }
        return Verdict.pass;
      };
      break;
    }
    case 'record':
      check = recordCheck(schema, compile);
      break;
    case 'union':
      check = unionCheck(schema, compile);
      break;
    case 'optional': {
      noRefinements(schema, 'an optional');
      const inner = def.innerType as AnySchema;
      if (inner._zod.optin === 'defaulted') throw new Unsupported('a default');
      const innerCheck = compile(inner);
      check = (value) => (value === undefined ? Verdict.pass : innerCheck(value));
      break;
    }
    case 'nullable': {
      noRefinements(schema, 'a nullable');
      const innerCheck = compile(def.innerType as AnySchema);
      check = (value) => (value === null ? Verdict.pass : innerCheck(value));
      break;
    }
    case 'string':
      if (def.format !== undefined && def.format !== 'regex') throw new Unsupported(`a ${String(def.format)} string`);
      check = scalarCheck((value) => typeof value === 'string', schema);
      break;
    case 'number':
      // zod's number is finite: JSON.parse reads 1e999 as Infinity, which zod rejects.
      check = scalarCheck((value) => typeof value === 'number' && Number.isFinite(value), schema);
      break;
    case 'boolean':
      check = scalarCheck((value) => typeof value === 'boolean', schema);
      break;
    case 'literal': {
      noRefinements(schema, 'a literal');
      const values = new Set(def.values as unknown[]);
      check = (value) => (values.has(value) ? Verdict.pass : Verdict.fail);
      break;
    }
    case 'unknown':
    case 'any':
      noRefinements(schema, def.type);
      check = () => Verdict.pass;
      break;
    case 'pipe': {
      // zod rejects what the first stage rejects; what it accepts the next stage may convert.
      noRefinements(schema, 'a pipe');
      const first = compile(def.in as AnySchema);
      check = (value) => (first(value) === Verdict.fail ? Verdict.fail : Verdict.askZod);
      break;
    }
    case 'transform':
      check = () => Verdict.askZod;
      break;
    default:
      throw new Unsupported(`a ${def.type}`);
  }
  compiled.set(schema, check);
  return check;
}

/**
 * Bodies a schema's check reads by looping over each object's fields before it is compiled again
 * with the objects' checks written out as code: that costs about as much as checking a few
 * hundred objects by the loop, which an answer read once or twice (a film's details, opened first
 * thing) would not win back soon, and the start-up's first answers would wait for it.
 */
const BODIES_BEFORE_GENERATING = 3;

interface CompiledCheck {
  check: Check;
  bodies: number;
}

/** A compiled check per schema; null when the schema uses something the checks do not mirror. */
const checks = new WeakMap<AnySchema, CompiledCheck | null>();

function checkOf(schema: AnySchema): CompiledCheck | null {
  let compiled = checks.get(schema);
  if (compiled === undefined) {
    try {
      compiled = { check: compileWith(schema, new Map(), false), bodies: 0 };
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      compiled = null;
    }
    checks.set(schema, compiled);
  }
  return compiled;
}

/** Whether `schema` has a compiled check (every reader of the client's answers should). */
export function hasShapeCheck(schema: z.ZodType): boolean {
  return checkOf(schema) !== null;
}

/**
 * True when zod would accept `value` and return it unchanged (key order aside); false when it
 * would reject it, would change it, or the schema has no compiled check.
 */
export function passesUnchanged(schema: z.ZodType, value: unknown): boolean {
  const compiled = checkOf(schema);
  if (compiled === null) return false;
  // The same schema compiled once more: it mirrors zod as the loop does.
  if (++compiled.bodies === BODIES_BEFORE_GENERATING) compiled.check = compileWith(schema, new Map(), true);
  return compiled.check(value) === Verdict.pass;
}
