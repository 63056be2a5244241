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
 * What makes a row the same row on two pages: a title's kind and id (a film and a series may
 * share an id), an image's file. The service's pages are read at different moments and its
 * order moves between them (popularity changes), so a title can come on two pages, and another
 * on none. Rows without an identity are all kept.
 */
export function rowIdentity(row: unknown): string | undefined {
  if (row === null || typeof row !== 'object') return undefined;
  const { id, media_type: kind, file_path: file } = row as { id?: unknown; media_type?: unknown; file_path?: unknown };
  if (typeof id === 'number' || typeof id === 'string') return `${typeof kind === 'string' ? kind : ''}:${id}`;
  if (typeof file === 'string') return `file:${file}`;
  return undefined;
}

/**
 * Loads the pages of one listing and keeps what it got: in order (`loadNext`), or any page by
 * number (`loadPage`: the last one, for a jump to the end), so a list can act on all of its rows
 * without loading every page before the one it needs. A page asked for while it loads returns
 * that same load, so a scroll that fires twice does not fetch a page twice. A failed load leaves
 * everything as it was; asking again retries that page.
 *
 * A row that came on an earlier page is left out of a later one (each title once, where it came
 * first), and the counts drop it: the rows are laid out page after page, a page not loaded yet
 * taking a full page's room.
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
  /** Each loaded page's rows less those that came on an earlier page; worked out after each load. */
  private shown = new Map<number, readonly T[]>();
  /** Rows left out as repeats of an earlier page's. */
  private repeats = 0;

  constructor(
    private readonly fetchPage: (page: number) => Promise<Page<T>>,
    private readonly identify: (row: T) => string | undefined = rowIdentity,
  ) {}

  /** The rows of pages 1..n loaded without a gap; a new array after each load, so stores notice the change. */
  get items(): T[] {
    return this.prefix;
  }

  /** total_results as the service reports it (it may count items beyond page 500), less the repeats found. */
  get totalResults(): number {
    return Math.max(0, this.total - this.repeats);
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

  /** Whether the listing's length can be known: a page came with counts. */
  private get counted(): boolean {
    return this.pageSize > 0 && this.total > 0;
  }

  /**
   * How many rows page `page` takes: its own less repeats once loaded, else its share of
   * total_results (a full page, or what is left of the count, no more than its pages hold).
   */
  private roomOf(page: number): number {
    const rows = this.shown.get(page);
    if (rows) return rows.length;
    const counted = Math.min(this.total, this.lastPage() * this.pageSize);
    return Math.max(0, Math.min(this.pageSize, counted - (page - 1) * this.pageSize));
  }

  /**
   * How many rows the listing has as far as it can be read: total_results, but no more than its
   * pages hold (MAX_PAGE of them at most), less the repeats; undefined while it cannot be known
   * (no page yet, or an answer without counts), when only the rows loaded in order count.
   */
  get rowCount(): number | undefined {
    if (!this.counted) return undefined;
    let count = 0;
    for (let page = 1; page <= this.lastPage(); page++) count += this.roomOf(page);
    return Math.max(this.prefix.length, count);
  }

  /** Every row up to rowCount, loaded or not (undefined); the rows in order when rowCount is unknown. */
  rows(): ReadonlyArray<T | undefined> {
    const count = this.rowCount;
    if (count === undefined || count === this.prefix.length) return this.prefix;
    const rows = new Array<T | undefined>(count);
    for (let i = 0; i < this.prefix.length; i++) rows[i] = this.prefix[i];
    let start = this.prefix.length;
    for (let page = this.prefixPages + 1; page <= this.lastPage() && start < count; page++) {
      const results = this.shown.get(page);
      for (let i = 0; results && i < results.length && start + i < count; i++) rows[start + i] = results[i];
      start += this.roomOf(page);
    }
    return rows;
  }

  /** The page that holds row `index` (0-based); undefined before the page size is known. */
  pageOf(index: number): number | undefined {
    if (this.pageSize === 0) return undefined;
    let start = 0;
    const lastPage = this.lastPage();
    for (let page = 1; page <= lastPage; page++) {
      const room = this.roomOf(page);
      if (index < start + room) return page;
      start += room;
    }
    // Past the rows known: where it would be, were the pages after the last full ones.
    return lastPage + Math.floor((index - start) / this.pageSize) + 1;
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
        this.leaveOutRepeats();
        // A later page of nothing but repeats is a service that answers every page with the
        // same rows (one that ignores `page`): it ends the listing as an empty page does, or
        // each such page would bring the next rows into view and have them asked for, to page 500.
        if (page > 1 && answer.results.length > 0 && this.shown.get(page)!.length === 0) this.endPage = Math.min(this.endPage ?? page - 1, page - 1);
        this.extendPrefix();
      })
      .finally(() => {
        this.inFlight.delete(page);
      });
    this.inFlight.set(page, load);
    return load;
  }

  /**
   * Works out each loaded page's rows without those of an earlier page, in page order: a page
   * loaded out of order (a jump to the end) loses a row when the page where it came first
   * arrives.
   */
  private leaveOutRepeats(): void {
    const seen = new Set<string>();
    const shown = new Map<number, readonly T[]>();
    let repeats = 0;
    for (const page of [...this.pages.keys()].sort((a, b) => a - b)) {
      const results = this.pages.get(page)!;
      const kept = results.filter((row) => {
        const identity = this.identify(row);
        if (identity === undefined) return true;
        if (seen.has(identity)) return false;
        seen.add(identity);
        return true;
      });
      repeats += results.length - kept.length;
      // The same array when nothing was left out, so an unchanged page stays the same rows.
      shown.set(page, kept.length === results.length ? results : kept);
    }
    this.shown = shown;
    this.repeats = repeats;
  }

  private extendPrefix(): void {
    let grew = false;
    const prefix = this.prefix.slice();
    while (this.pages.has(this.prefixPages + 1)) {
      this.prefixPages++;
      prefix.push(...this.shown.get(this.prefixPages)!);
      grew = true;
    }
    if (grew) this.prefix = prefix;
  }
}
