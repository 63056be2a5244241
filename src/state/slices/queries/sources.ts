import type { Page } from '../../../api/paging.js';
import type { OperationKey, ReadOperationKey, ResponseOf } from '../../../contract/index.js';
import type { CatalogApi } from '../../deps.js';
import type { ItemOf, OperationParams, PagedOperationKey, PagedSource, PartAnswer, Source } from './model.js';

/** The sources of one operation's reads: their keys, how they load, and answers that came inside another. */

/** JSON with object keys sorted, so equal parameters give equal keys. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function operationKey<K extends OperationKey>(op: K, params: OperationParams<K>): string {
  return `${op}${stableJson({ path: params.path, query: params.query })}`;
}

interface LooseParams {
  readonly path?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
}

const flatParams = (params: LooseParams): Record<string, unknown> => ({ ...(params.query ?? {}), ...(params.path ?? {}) });

/** A read's parameters are all it is called with: reads take no body, and the session is the client's to add. */
const call = <K extends ReadOperationKey>(client: CatalogApi, op: K, params: OperationParams<K>) => client.call(op, params);

export function operationSource<K extends ReadOperationKey>(op: K, params: OperationParams<K>): Source<ResponseOf<K>> {
  return { key: operationKey(op, params), reads: { op, params: flatParams(params) }, load: (client) => call(client, op, params) };
}

/** A paged answer as a page: `results`, or a list's `items` (whose total is its item_count). */
function pageOf<T>(answer: Record<string, unknown>, page: number): Page<T> {
  // Old list answers may carry no items at all (absent or null): an empty page, not a failure.
  const results = (answer.results ?? answer.items ?? []) as readonly T[];
  const totalPages = typeof answer.total_pages === 'number' ? answer.total_pages : page;
  const total = typeof answer.total_results === 'number' ? answer.total_results : Number(answer.item_count ?? results.length);
  return { page: typeof answer.page === 'number' ? answer.page : page, results, total_pages: totalPages, total_results: total };
}

export function pagedOperationSource<K extends PagedOperationKey>(
  op: K,
  params: OperationParams<K>,
): PagedSource<ItemOf<K>, ResponseOf<K>> {
  return {
    key: `pages:${operationKey(op, params)}`,
    reads: { op, params: flatParams(params) },
    async loadPage(client, page) {
      const answer = await call(client, op, { ...params, query: { ...(params.query ?? {}), page } } as OperationParams<K>);
      return { ...pageOf<ItemOf<K>>(answer, page), answer };
    },
  };
}

/** `answer` as what `op` with `params` answers: kept under that read's key. */
export function operationPart<K extends ReadOperationKey>(op: K, params: OperationParams<K>, answer: ResponseOf<K>): PartAnswer {
  return { kind: 'entry', source: operationSource(op, params) as Source<unknown>, answer };
}

/** `answer` as the first page of the paged `op` with `params`; later pages are asked as usual. */
export function firstPagePart<K extends PagedOperationKey>(op: K, params: OperationParams<K>, answer: ResponseOf<K>): PartAnswer {
  const first = { ...pageOf<unknown>(answer, 1), answer };
  return { kind: 'pages', source: pagedOperationSource(op, params), first };
}
