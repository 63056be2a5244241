import { readsAccountState, type QueriesContext } from './context.js';
import type { Source } from './model.js';
import type { PagedReads } from './pages.js';

/**
 * Account state a mounted screen shows is asked again behind it when it is shown again, or the
 * terminal regains focus, once it is older than ACCOUNT_STATE_FRESH_MS: the reads of this layer,
 * and account state kept outside it (my episode ratings), which its owner asks again.
 */
export class Freshness {
  // Account state kept outside this layer that mounted screens show: how to ask it again, and by how many.
  readonly #keptOutside = new Map<string, { ask: () => unknown; holders: number }>();

  constructor(
    private readonly context: QueriesContext,
    private readonly pages: PagedReads,
  ) {}

  revalidate(key: string): void {
    const { context } = this;
    const paged = context.pagedSources.get(key);
    const source = paged ?? context.sources.get(key);
    if (!source || !readsAccountState(source.reads) || !context.isDue(key)) return;
    if (paged) {
      const state = context.get().queries.pages[key];
      if (state?.status === 'ready' && !state.reloading) void this.pages.start(paged, undefined, true);
      return;
    }
    if (context.get().queries.entries[key]?.status === 'ready') void context.get().queries.load(source as Source<unknown>, { background: true });
  }

  keepFresh(key: string, ask: () => unknown): () => void {
    const { context } = this;
    const keeper = this.#keptOutside.get(key) ?? { ask, holders: 0 };
    keeper.ask = ask;
    keeper.holders++;
    this.#keptOutside.set(key, keeper);
    // Shown for the first time: its owner loads it now.
    if (!context.askedAt.has(key)) context.askedAt.set(key, context.now());
    else this.askOutside(key, keeper);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      keeper.holders--;
      if (keeper.holders === 0 && this.#keptOutside.get(key) === keeper) this.#keptOutside.delete(key);
    };
  }

  focusRegained(): void {
    for (const key of this.context.kept.heldKeys()) this.context.get().queries.revalidate(key);
    for (const [key, keeper] of this.#keptOutside) this.askOutside(key, keeper);
  }

  /** Who is signed in changed: account state kept outside this layer is someone else's now, and its owner loads it afresh. */
  sessionChanged(): void {
    for (const key of this.#keptOutside.keys()) this.context.askedAt.delete(key);
  }

  /** Asks account state kept outside this layer again, when it was last asked longer ago than the bound. */
  private askOutside(key: string, keeper: { ask: () => unknown }): void {
    if (!this.context.isDue(key)) return;
    this.context.askedAt.set(key, this.context.now());
    void keeper.ask();
  }
}
