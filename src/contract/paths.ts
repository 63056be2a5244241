import { type HttpMethod, type OperationKey, type OperationSpec, operationKeys, operations } from './operations.js';

/**
 * Operation paths: templates such as "/3/movie/{movie_id}/images" filled in (expand), concrete
 * paths read back to their operation (match), near misses named (close matches), and the
 * path patterns that say which cached answers a write touches.
 */

const PARAMETER = /\{(\w+)\}/g;

/** A template split once: the text between its parameters, and their names in order. */
interface TemplateParts {
  texts: string[];
  names: string[];
}

/**
 * Templates come from the operations table (a fixed set) and every call fills one, so each is
 * split once rather than scanned with the pattern on every call.
 */
const partsByTemplate = new Map<string, TemplateParts>();

function partsOf(template: string): TemplateParts {
  let parts = partsByTemplate.get(template);
  if (!parts) {
    parts = { texts: [], names: [] };
    let from = 0;
    for (const match of template.matchAll(PARAMETER)) {
      parts.texts.push(template.slice(from, match.index));
      parts.names.push(match[1]!);
      from = match.index + match[0].length;
    }
    parts.texts.push(template.slice(from));
    partsByTemplate.set(template, parts);
  }
  return parts;
}

/** Each `{name}` of a template replaced by what `fill` gives for that name. */
export function fillTemplate(template: string, fill: (name: string) => string): string {
  const { texts, names } = partsOf(template);
  let out = texts[0]!;
  for (let i = 0; i < names.length; i++) out += fill(names[i]!) + texts[i + 1]!;
  return out;
}

/** The parameter a template segment stands for ("{movie_id}" -> "movie_id"), else undefined. */
function parameterOf(segment: string): string | undefined {
  return segment.startsWith('{') ? segment.slice(1, -1) : undefined;
}

/** Template -> concrete path, with each parameter URL-encoded. */
export function expandPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return fillTemplate(template, (name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Why these values cannot fill the template, or undefined when they can. "." and ".." survive
 * URL-encoding and would climb out of the operation's path.
 */
export function pathParamProblem(template: string, params: Readonly<Record<string, string | number>>): string | undefined {
  for (const name of partsOf(template).names) {
    const value = params[name];
    if (value === undefined || String(value) === '') return `path parameter ${name} is missing (${template})`;
    if (value === '.' || value === '..') return `path parameter ${name} cannot be "${value}"`;
  }
  return undefined;
}

/**
 * The path as the table spells it: no query, single slashes (the spec writes E21 with "//"),
 * no trailing slash, and the "/3" prefix added when it was left out.
 */
export function normalizePath(raw: string): string {
  let path = raw.split('?')[0]!.replace(/\/{2,}/g, '/').replace(/\/$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (!path.startsWith('/3/') && path !== '/3') path = `/3${path}`;
  return path;
}

export interface PathMatch {
  key: OperationKey;
  spec: OperationSpec;
  pathParams: Record<string, string>;
}

/** A concrete path against every row of the table (of one method, when given). */
export function matchPath(rawPath: string, method?: HttpMethod): PathMatch[] {
  const segments = normalizePath(rawPath).split('/');
  const matches: PathMatch[] = [];
  for (const key of operationKeys) {
    const spec: OperationSpec = operations[key];
    if (method && spec.method !== method) continue;
    const template = spec.path.split('/');
    if (template.length !== segments.length) continue;
    const pathParams: Record<string, string> = {};
    const fits = template.every((part, i) => {
      const name = parameterOf(part);
      if (name !== undefined) pathParams[name] = decodeURIComponent(segments[i]!);
      return name !== undefined || part === segments[i];
    });
    if (fits) matches.push({ key, spec, pathParams });
  }
  // A literal segment beats a parameter: /3/movie/latest is E1, not movie details of "latest".
  const parameterCount = (m: PathMatch) => Object.keys(m.pathParams).length;
  return matches.sort((a, b) => parameterCount(a) - parameterCount(b));
}

/**
 * A segment that can stand for an id parameter: digits, or the 24-hex-digit ids of lists made
 * before 2013. "/3/movie/popularr" is a typo of "/3/movie/popular", not movie "popularr".
 */
export function looksLikeId(segment: string): boolean {
  return /^\d+$/.test(segment) || /^[0-9a-f]{24}$/.test(segment);
}

/** A match whose integer parameters all look like ids. */
export function isPlausibleMatch(match: PathMatch): boolean {
  return Object.entries(match.pathParams).every(
    ([name, value]) => match.spec.pathParams[name]?.type !== 'integer' || looksLikeId(value),
  );
}

/** Plain dynamic-programming edit distance, two rows at a time. */
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Up to `max` operation paths closest to what was typed, by edit distance. A template's
 * parameters are filled with the typed segments at the same place when those look like ids,
 * so "/3/movie/550/imags" is compared with "/3/movie/550/images".
 */
export function closeMatches(rawPath: string, max = 3): string[] {
  const typed = normalizePath(rawPath);
  const typedSegments = typed.split('/');
  const scored = new Map<string, number>();
  for (const key of operationKeys) {
    const candidate = operations[key].path
      .split('/')
      .map((segment, i) => {
        const typedSegment = typedSegments[i];
        return parameterOf(segment) !== undefined && typedSegment && looksLikeId(typedSegment) ? typedSegment : segment;
      })
      .join('/');
    const distance = levenshtein(typed, candidate);
    scored.set(candidate, Math.min(distance, scored.get(candidate) ?? Infinity));
  }
  const limit = Math.max(4, Math.floor(typed.length / 3));
  return [...scored]
    .filter(([, distance]) => distance <= limit)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([candidate]) => candidate);
}

/**
 * A path pattern such as "/3/list/5" or "/3/account/{account_id}/lists" matches a path segment
 * by segment from the start; `*` (an unknown parameter) matches any one segment. "/3/list/5"
 * therefore covers "/3/list/5" and "/3/list/5/item_status" but not "/3/list/50".
 */
export function pathMatchesPattern(path: string, pattern: string): boolean {
  const have = path.split('/');
  const want = pattern.split('/');
  if (want.length > have.length) return false;
  return want.every((segment, i) => segment === '*' || segment === have[i]);
}
