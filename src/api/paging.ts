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
 * Loads the pages of one listing and keeps what it got: in order (`loadNext`), or any page by
 * number (`loadPage`: the last one, for a jump to the end), so a list can act on all of its rows
 * without loading every page before the one it needs. A page asked for while it loads returns
 * that same load, so a scroll that fires twice does not fetch a page twice. A failed load leaves
 * everything as it was; asking again retries that page.
 */
export class PageCursor<T> {
  private readonly pages = new Map<number, readonly T[]>();
  private readonly inFlight = new Map<number, Promise<void>>();
  private prefix: T[] = [];
  /** Pages 1..prefixPages are all loaded. */
  private prefixPages = 0;
  private lastPageAvailable = MAX_PAGE;
  private total = 0;
  /** Rows on a full page: the first page's length (PAGE_SIZE on the service). */
  private pageSize = 0;
  /** The page after which there is nothing (an empty page came back), when known. */
  private endPage: number | undefined;

  constructor(private readonly fetchPage: (page: number) => Promise<Page<T>>) {}

  /** The rows of pages 1..n loaded without a gap; a new array after each load, so stores notice the change. */
  get items(): T[] {
    return this.prefix;
  }

  /** total_results as the service reports it (it may count items beyond page 500). */
  get totalResults(): number {
    return this.total;
  }

  get hasMore(): boolean {
    return this.prefixPages < this.lastPage();
  }

  /** The last page with rows, as far as is known. */
  private lastPage(): number {
    return Math.min(this.lastPageAvailable, this.endPage ?? MAX_PAGE);
  }

  get isLoading(): boolean {
    return this.inFlight.size > 0;
  }

  /** Pages loaded so far without a gap from the first. */
  get pagesLoaded(): number {
    return this.prefixPages;
  }

  /**
   * How many rows the listing has as far as it can be read: total_results, but no more than its
   * pages hold (MAX_PAGE of them at most); undefined while it cannot be known (no page yet, or an
   * answer without counts), when only the rows loaded in order count.
   */
  get rowCount(): number | undefined {
    if (this.pageSize === 0 || this.total <= 0) return undefined;
    const lastPage = this.lastPage();
    const last = this.pages.get(lastPage);
    // The last page loaded: its length says where the rows end, whatever total_results claimed.
    const count = last ? (lastPage - 1) * this.pageSize + last.length : Math.min(this.total, lastPage * this.pageSize);
    return Math.max(this.prefix.length, count);
  }

  /** Every row up to rowCount, loaded or not (undefined); the rows in order when rowCount is unknown. */
  rows(): ReadonlyArray<T | undefined> {
    const count = this.rowCount;
    if (count === undefined || count === this.prefix.length) return this.prefix;
    const rows = new Array<T | undefined>(count);
    for (let i = 0; i < this.prefix.length; i++) rows[i] = this.prefix[i];
    for (const [page, results] of this.pages) {
      if (page <= this.prefixPages) continue;
      const start = (page - 1) * this.pageSize;
      for (let i = 0; i < results.length && start + i < count; i++) rows[start + i] = results[i];
    }
    return rows;
  }

  /** The page that holds row `index` (0-based); undefined before the page size is known. */
  pageOf(index: number): number | undefined {
    if (this.pageSize === 0) return undefined;
    return Math.floor(index / this.pageSize) + 1;
  }

  /** Whether `page` is one to ask for: not loaded nor being loaded, and among the pages the listing has. */
  canLoad(page: number): boolean {
    return !this.pages.has(page) && !this.inFlight.has(page) && page >= 1 && page <= this.lastPage();
  }

  /** The next page in order. */
  loadNext(): Promise<void> {
    if (!this.hasMore) return this.inFlight.get(this.prefixPages + 1) ?? Promise.resolve();
    return this.loadPage(this.prefixPages + 1);
  }

  /** Loads page `page` (1..the last page the service serves); one already loaded is not asked again. */
  loadPage(page: number): Promise<void> {
    const running = this.inFlight.get(page);
    if (running) return running;
    if (this.pages.has(page) || page < 1 || page > this.lastPage()) return Promise.resolve();
    const load = this.fetchPage(page)
      .then((answer) => {
        this.pages.set(page, answer.results);
        if (page === 1 || this.pageSize === 0) this.pageSize = page === 1 ? answer.results.length : this.pageSize;
        this.total = answer.total_results ?? Math.max(this.total, this.prefix.length + answer.results.length);
        this.lastPageAvailable = Math.min(MAX_PAGE, answer.total_pages ?? MAX_PAGE);
        // An empty page means the listing ended, whatever total_pages claimed.
        if (answer.results.length === 0) this.endPage = Math.min(this.endPage ?? page - 1, page - 1);
        this.extendPrefix();
      })
      .finally(() => {
        this.inFlight.delete(page);
      });
    this.inFlight.set(page, load);
    return load;
  }

  private extendPrefix(): void {
    let grew = false;
    const prefix = this.prefix.slice();
    while (this.pages.has(this.prefixPages + 1)) {
      this.prefixPages++;
      prefix.push(...this.pages.get(this.prefixPages)!);
      grew = true;
    }
    if (grew) this.prefix = prefix;
  }
}
