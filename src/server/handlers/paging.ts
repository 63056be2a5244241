import { PAGE_SIZE } from '../../contract/limits.js';

/** The paged envelope with the service's 20 results per page. */
export function pagedBody<T>(page: number, results: T[], total: number) {
  return { page, results, total_pages: Math.ceil(total / PAGE_SIZE), total_results: total };
}

export function pageOffset(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

/** One page of an array that is built whole (tagged images). */
export function slicePage<T>(page: number, all: T[]) {
  const offset = pageOffset(page);
  return pagedBody(page, all.slice(offset, offset + PAGE_SIZE), all.length);
}
