import { type OperationSpec, operationKeys, operations } from '../../contract/index.js';
import { SPEC_OPERATIONS } from './spec-operations.js';

/**
 * Operations of the real interface this server does not implement: a request for one is
 * answered 404 status_code 34 like any unknown address, and named in one log line so whoever
 * points a client here sees what is missing.
 */

export interface SpecOperation {
  method: string;
  path: string;
  operationId: string;
}

const parameter = (segment: string) => segment.startsWith('{');

/**
 * The operation of the real interface that `method` and `url` ask for, if any. A literal segment
 * beats a parameter (/3/movie/latest is not movie details of "latest"); HEAD asks for a GET.
 */
export function specOperationFor(method: string, url: string): SpecOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const path = url.split('?')[0]!.split('#')[0]!.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  const segments = path.split('/');
  let best: SpecOperation | undefined;
  let bestParameters = Infinity;
  for (const [rowMethod, template, operationId] of SPEC_OPERATIONS) {
    if (rowMethod !== wanted) continue;
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => (parameter(part) ? segments[i] !== '' : part === segments[i]))) continue;
    const parameters = parts.filter(parameter).length;
    if (parameters < bestParameters) {
      best = { method: rowMethod, path: template, operationId };
      bestParameters = parameters;
    }
  }
  return best;
}

const singleSlashes = (template: string) => template.replace(/\/{2,}/g, '/');
let implemented: ReadonlySet<string> | undefined;

/**
 * The operation of the real interface asked for, when this server does not implement it. Our
 * parametric routes also catch some of these (/3/tv/airing_today reaches TV series details of
 * "airing_today", which is then not found), so both the not-found route and a 404 ask this.
 */
export function unimplementedOperation(method: string, url: string): SpecOperation | undefined {
  const operation = specOperationFor(method, url);
  if (!operation) return undefined;
  implemented ??= new Set(
    operationKeys.map((key) => {
      const spec: OperationSpec = operations[key];
      return `${spec.method} ${singleSlashes(spec.path)}`;
    }),
  );
  return implemented.has(`${operation.method} ${operation.path}`) ? undefined : operation;
}

/** "not implemented: GET /3/movie/{movie_id}/reviews (movie-reviews)" */
export function unimplementedLine(operation: SpecOperation): string {
  return `not implemented: ${operation.method} ${operation.path} (${operation.operationId})`;
}
