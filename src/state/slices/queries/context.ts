import type { PageCursor } from '../../../api/paging.js';
import { isAccountStateRead, isStale } from '../../../contract/stale.js';
import type { StaleQuery } from '../../../contract/index.js';
import type { Runtime } from '../../deps.js';
import type { Failure } from '../../words/failures.js';
import { KeptReads, measureAnswer } from '../../concurrency/kept-reads.js';
import type { NotificationsSlice } from '../notifications.js';
import { patchSlice, type SliceContext } from '../../slice.js';
import { ACCOUNT_STATE_FRESH_MS, IDLE_PAGES, type PagedQueryState, type PagedSource, type QueriesSlice, type QueryState, type ReadOf, type Source } from './model.js';

/** The parts of the store this slice uses. */
export type QueriesStore = { readonly queries: QueriesSlice; readonly notifications: NotificationsSlice };

export const NOT_CONNECTED: Failure = { message: 'Not connected to the service yet', kind: 'other', transient: false };

type Reads = NonNullable<Source<unknown>['reads']>;

const readList = (reads: Reads): readonly ReadOf[] => (Array.isArray(reads) ? (reads as readonly ReadOf[]) : [reads as ReadOf]);

/** Whether a source reads account state (for one built from several reads, any of them). */
export function readsAccountState(reads: Reads | undefined): boolean {
  return reads !== undefined && readList(reads).some((read) => isAccountStateRead(read.op));
}

/**
 * What the parts of the query layer share: the store (read, and the slice patched), the
 * runtime, the source each key was loaded with, the generation of each key (an answer to a
 * superseded request is dropped), when each read was last asked, and the bound in bytes of the
 * reads kept (KeptReads).
 */
export class QueriesContext {
  readonly kept: KeptReads;
  readonly sources = new Map<string, Source<unknown>>();
  readonly pagedSources = new Map<string, PagedSource<unknown, unknown>>();
  readonly cursors = new Map<string, PageCursor<unknown>>();
  /** The pages of a listing that failed to load, with why; until they load. */
  readonly failedPages = new Map<string, Map<number, Failure>>();
  readonly firstAnswers = new Map<string, unknown>();
  /** Reads that a record on its way will bring as parts: the key of the part, and that record's load. */
  readonly coming = new Map<string, Promise<void>>();
  /** Reads shown loading while they wait for the record that brings them: its part is taken. */
  readonly waiting = new Set<string>();
  // When each read was last asked of the service (or answered inside another read): what the
  // bound of revalidation counts from, so a read is asked again at most once per bound.
  readonly askedAt = new Map<string, number>();
  // Bumped on every (re)load of a key, so an answer to a superseded request is dropped.
  readonly #generations = new Map<string, number>();
  readonly get: () => QueriesStore;
  readonly runtime: Runtime;
  readonly now: () => number;
  readonly #set: SliceContext<QueriesStore>['set'];

  constructor({ set, get, runtime }: SliceContext<QueriesStore>, keptReadBytes: number) {
    this.#set = set;
    this.get = get;
    this.runtime = runtime;
    this.now = runtime.deps.now ?? Date.now;
    this.kept = new KeptReads(keptReadBytes);
  }

  /** Whether the read was last asked longer ago than the bound of account state. */
  isDue(key: string): boolean {
    return this.now() - (this.askedAt.get(key) ?? Number.NEGATIVE_INFINITY) >= ACCOUNT_STATE_FRESH_MS;
  }

  /** A new (re)load of `key`: its generation. */
  bump(key: string): number {
    const generation = this.generation(key) + 1;
    this.#generations.set(key, generation);
    return generation;
  }

  generation(key: string): number {
    return this.#generations.get(key) ?? 0;
  }

  isCurrent(key: string, generation: number): boolean {
    return this.#generations.get(key) === generation;
  }

  patch(changes: (q: QueriesSlice) => Partial<QueriesSlice>): void {
    patchSlice(this.#set, 'queries', changes);
  }

  setEntry(key: string, value: QueryState<unknown>): void {
    this.patch((q) => ({ entries: { ...q.entries, [key]: value } }));
  }

  setPages(key: string, update: (p: PagedQueryState<unknown>) => PagedQueryState<unknown>): void {
    this.patch((q) => ({ pages: { ...q.pages, [key]: update(q.pages[key] ?? IDLE_PAGES) } }));
  }

  /** A transient failure (429, network) is a toast too. */
  announce(failure: Failure): void {
    if (failure.transient) this.get().notifications.notify(failure.message, 'warning');
  }

  /**
   * Drops reads; a screen still showing one loads it again. Their generations move on rather
   * than go, so an answer still on its way for a dropped read is not taken for the new one's.
   */
  forget(gone: ReadonlySet<string>): void {
    if (gone.size === 0) return;
    for (const map of [this.sources, this.pagedSources, this.cursors, this.failedPages, this.firstAnswers, this.askedAt]) for (const key of gone) map.delete(key);
    for (const key of gone) this.bump(key);
    this.kept.forget(gone);
    const keep = <V>(record: Readonly<Record<string, V>>) => Object.fromEntries(Object.entries(record).filter(([key]) => !gone.has(key)));
    this.patch((q) => ({ entries: keep(q.entries), pages: keep(q.pages) }));
  }

  /** Counts an answer kept under `key` and forgets what no screen shows beyond the bound. */
  counted(key: string, answer: unknown, replace: boolean): void {
    this.kept.add(key, measureAnswer(answer), replace);
    this.forget(this.kept.overBound());
  }

  /** The keys of the reads loaded here that `stale` names. */
  staleKeys(stale: readonly StaleQuery[]): { readonly entries: string[]; readonly pages: string[] } {
    const matches = (reads: Reads | undefined) => reads !== undefined && readList(reads).some((read) => isStale(stale, read.op, read.params));
    return {
      entries: [...this.sources].filter(([, s]) => matches(s.reads)).map(([key]) => key),
      pages: [...this.pagedSources].filter(([, s]) => matches(s.reads)).map(([key]) => key),
    };
  }

  /**
   * Waits for the record on its way that brings `key` as a part (the read shown loading
   * meanwhile) and says whether the part came. Called only when one is (`coming`): a load with
   * nothing to wait for must reach its request without a pause, so that a part asked in the same
   * render as its record finds the record on its way.
   */
  async partCame(key: string, record: Promise<void>, showLoading: () => void, came: () => boolean): Promise<boolean> {
    this.waiting.add(key);
    showLoading();
    try {
      await record;
    } finally {
      this.waiting.delete(key);
    }
    return came();
  }
}
