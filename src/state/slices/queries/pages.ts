import { PageCursor } from '../../../api/paging.js';
import { describeFailure, type Failure } from '../../words/failures.js';
import { NOT_CONNECTED, readsAccountState, type QueriesContext } from './context.js';
import { IDLE_PAGES, type LoadOptions, type PagedSource, type PartAnswer } from './model.js';

/**
 * Paged reads (a listing): the first page, then more as the list scrolls, or the pages that
 * hold the rows in view, out of order if need be; each listing has a cursor of its pages.
 */
export class PagedReads {
  constructor(private readonly context: QueriesContext) {}

  async loadPages(source: PagedSource<unknown, unknown>, options: LoadOptions = {}): Promise<void> {
    const { context } = this;
    context.pagedSources.set(source.key, source);
    const existing = context.get().queries.pages[source.key];
    if (!options.force && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
    // The record's first page starts the pages anew, with a cursor of their own.
    const cursorBefore = context.cursors.get(source.key);
    const started = () => context.cursors.get(source.key) !== cursorBefore;
    const record = options.force ? undefined : context.coming.get(source.key);
    if (record && (await context.partCame(source.key, record, () => context.setPages(source.key, () => ({ ...IDLE_PAGES, status: 'loading' })), started))) return;
    await this.start(source);
  }

  /** See QueriesSlice.loadAhead. */
  loadAhead(source: PagedSource<unknown, unknown>): void {
    if (!readsAccountState(source.reads)) void this.loadPages(source);
  }

  /**
   * Loads the first page of a paged read; with `first` (a page that came with another answer)
   * that page is taken as answered, and only later pages are asked.
   */
  async start(source: PagedSource<unknown, unknown>, first?: PartAnswer & { kind: 'pages' }, background = false): Promise<void> {
    const { context } = this;
    const { key } = source;
    context.pagedSources.set(key, source);
    const generation = context.bump(key);
    context.askedAt.set(key, context.now());
    const client = context.runtime.client;
    if (!client) {
      context.setPages(key, () => ({ ...IDLE_PAGES, status: 'error', error: NOT_CONNECTED }));
      return;
    }
    let given = first?.first;
    const cursor = new PageCursor<unknown>(async (page: number) => {
      const answer = page === 1 && given ? given : await source.loadPage(client, page);
      given = undefined;
      if (page === 1 && context.isCurrent(key, generation)) context.firstAnswers.set(key, answer.answer);
      // A list weighs what its pages held; loaded again from its first page, it starts over.
      if (context.isCurrent(key, generation)) context.counted(key, answer.answer ?? answer.results, page === 1);
      return answer;
    });
    // Asked again behind what is shown: the cursor of the rows shown stays until the new answer replaces them.
    if (!background) {
      context.cursors.set(key, cursor);
      context.failedPages.delete(key);
    }
    // Loaded again (after a write, or a retry): rows already shown stay, and keys keep acting on
    // them, until the new first page replaces them, as a read's earlier answer stays
    // (QueryState.data). The old answer is asked for no more pages meanwhile.
    context.setPages(key, (p) => (p.status === 'ready' ? { ...p, reloading: true } : { ...IDLE_PAGES, status: 'loading' }));
    try {
      await cursor.loadNext();
      if (!context.isCurrent(key, generation)) return;
      context.cursors.set(key, cursor);
      context.failedPages.delete(key);
      context.setPages(key, () => ({ ...IDLE_PAGES, status: 'ready', ...this.snapshot(key, cursor) }));
    } catch (error) {
      if (!context.isCurrent(key, generation)) return;
      if (background) {
        context.setPages(key, (p) => ({ ...p, reloading: false }));
        return;
      }
      const failure = describeFailure(error);
      context.setPages(key, () => ({ ...IDLE_PAGES, status: 'error', error: failure }));
      context.announce(failure);
    }
  }

  /** Loads the next page; after a failed page only when `explicit` (a key press, not scrolling). */
  async loadMore(key: string, explicit = false): Promise<void> {
    const { context } = this;
    const state = context.get().queries.pages[key];
    const cursor = context.cursors.get(key);
    if (!state || !cursor || state.status !== 'ready' || !state.hasMore || state.loadingMore || state.reloading) return;
    if (state.moreError && !explicit) return;
    const generation = context.generation(key);
    context.setPages(key, (p) => ({ ...p, loadingMore: true, moreError: undefined }));
    try {
      await cursor.loadNext();
      if (context.isCurrent(key, generation)) context.setPages(key, (p) => ({ ...p, loadingMore: false, ...this.snapshot(key, cursor) }));
    } catch (error) {
      if (!context.isCurrent(key, generation)) return;
      const failure = describeFailure(error);
      context.setPages(key, (p) => ({ ...p, loadingMore: false, moreError: failure }));
      // The list stays usable, so the failure is a toast rather than a panel error.
      context.get().notifications.notify(`Could not load more: ${failure.message}`, 'warning');
    }
  }

  /** Loads the pages that hold rows `from`..`to` not loaded yet (see QueriesSlice.loadRows). */
  async loadRows(key: string, from: number, to: number, explicit = false): Promise<void> {
    const { context } = this;
    const state = context.get().queries.pages[key];
    const cursor = context.cursors.get(key);
    if (!state || !cursor || state.status !== 'ready' || state.reloading) return;
    const first = cursor.pageOf(Math.max(0, from));
    const last = cursor.pageOf(Math.max(0, to));
    if (first === undefined || last === undefined) return;
    const failed = context.failedPages.get(key) ?? new Map<number, Failure>();
    context.failedPages.set(key, failed);
    const wanted: number[] = [];
    for (let page = first; page <= last; page++) if (cursor.canLoad(page) && (explicit || !failed.has(page))) wanted.push(page);
    // A retry with nothing failed in view retries the pages that failed elsewhere.
    if (explicit && wanted.length === 0) wanted.push(...[...failed.keys()].filter((page) => cursor.canLoad(page)));
    // The failure said is that of a page in view: a jump away from a failed page loads the rows
    // it lands on, and going back to it says again why its rows are missing.
    const failedInView = () => [...failed].find(([page]) => page >= first && page <= last)?.[1];
    if (wanted.length === 0) {
      const failure = failedInView();
      if (failure && state.moreError !== failure) context.setPages(key, (p) => ({ ...p, moreError: failure }));
      return;
    }
    const generation = context.generation(key);
    context.setPages(key, (p) => ({ ...p, loadingMore: true, moreError: undefined }));
    const failures: Failure[] = [];
    await Promise.all(
      wanted.map((page) =>
        cursor.loadPage(page).then(
          () => void failed.delete(page),
          (error: unknown) => {
            const failure = describeFailure(error);
            failed.set(page, failure);
            failures.push(failure);
          },
        ),
      ),
    );
    if (!context.isCurrent(key, generation)) return;
    context.setPages(key, (p) => ({ ...p, loadingMore: cursor.isLoading, moreError: failures[0] ?? failedInView(), ...this.snapshot(key, cursor) }));
    if (failures[0]) context.get().notifications.notify(`Could not load more: ${failures[0].message}`, 'warning');
  }

  /** What the slice shows of a listing: its rows as far as they are loaded. */
  private snapshot(key: string, cursor: PageCursor<unknown>) {
    return {
      items: cursor.items.slice(),
      rows: cursor.rowCount !== undefined && cursor.rowCount > cursor.items.length ? cursor.rows() : undefined,
      totalResults: cursor.totalResults,
      hasMore: cursor.hasMore,
      first: this.context.firstAnswers.get(key),
    };
  }
}
