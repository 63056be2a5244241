import { MAX_PAGE } from '../contract/limits.js';

/**
 * Paged operations answer {page, results, total_pages, total_results}. The service serves
 * pages 1..MAX_PAGE only, whatever total_pages says (a popular list can claim 7,416 pages).
 */

export { MAX_PAGE };

/** Old answers may lack the counts: then the listing goes on until a page comes back empty. */
export interface Page<T> {
  page?: number | null;
  results: readonly T[];
  total_pages?: number | null;
  total_results?: number | null;
}

/**
 * Loads the pages of one listing in order and keeps what it got. `loadNext` while a load is
 * running returns that same load, so a scroll that fires twice does not fetch a page twice.
 * A failed load leaves everything as it was; calling `loadNext` again retries that page.
 */
export class PageCursor<T> {
  private loaded: T[] = [];
  private lastPage = 0;
  private lastPageAvailable = MAX_PAGE;
  private total = 0;
  private finished = false;
  private loading: Promise<void> | undefined;

  constructor(private readonly fetchPage: (page: number) => Promise<Page<T>>) {}

  /** Everything loaded so far; a new array after each load, so stores notice the change. */
  get items(): T[] {
    return this.loaded;
  }

  /** total_results as the service reports it (it may count items beyond page 500). */
  get totalResults(): number {
    return this.total;
  }

  get hasMore(): boolean {
    return !this.finished && this.lastPage < this.lastPageAvailable;
  }

  get isLoading(): boolean {
    return this.loading !== undefined;
  }

  /** Pages loaded so far. */
  get pagesLoaded(): number {
    return this.lastPage;
  }

  loadNext(): Promise<void> {
    if (this.loading) return this.loading;
    if (!this.hasMore) return Promise.resolve();
    const page = this.lastPage + 1;
    this.loading = this.fetchPage(page)
      .then((answer) => {
        this.loaded = [...this.loaded, ...answer.results];
        this.lastPage = page;
        this.total = answer.total_results ?? this.loaded.length;
        this.lastPageAvailable = Math.min(MAX_PAGE, answer.total_pages ?? MAX_PAGE);
        // An empty page means the listing ended, whatever total_pages claimed.
        if (answer.results.length === 0) this.finished = true;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
