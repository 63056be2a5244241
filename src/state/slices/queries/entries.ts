import { describeFailure } from '../../words/failures.js';
import { measureAnswer } from '../../concurrency/kept-reads.js';
import { NOT_CONNECTED, type QueriesContext } from './context.js';
import type { LoadOptions, PartAnswer, QueryState, Source } from './model.js';
import type { PagedReads } from './pages.js';

/**
 * Reads of one answer (a record): loaded once and kept, loaded again when forced or behind what
 * is shown; the reads that came inside an answer (its parts) are kept under their own keys.
 */
export class EntryReads {
  constructor(
    private readonly context: QueriesContext,
    private readonly pages: PagedReads,
  ) {}

  async load<T>(source: Source<T>, options: LoadOptions = {}): Promise<void> {
    const { context } = this;
    const { key } = source;
    context.sources.set(key, source as Source<unknown>);
    const existing = context.get().queries.entries[key];
    const background = options.background === true && existing?.status === 'ready';
    if (!options.force && !background && existing && (existing.status === 'loading' || existing.status === 'ready')) return;
    const loaded = () => context.get().queries.entries[key]?.status === 'ready';
    const record = options.force || background ? undefined : context.coming.get(key);
    if (record && (await context.partCame(key, record, () => context.setEntry(key, { status: 'loading', data: existing?.data }), loaded))) return;
    const generation = context.bump(key);
    context.askedAt.set(key, context.now());
    const client = context.runtime.client;
    if (!client) {
      if (!background) context.setEntry(key, { status: 'error', error: NOT_CONNECTED });
      return;
    }
    if (!background) context.setEntry(key, { status: 'loading', data: existing?.data });
    const loading = (async () => {
      try {
        const data = await source.load(client);
        if (!context.isCurrent(key, generation)) return;
        context.setEntry(key, { status: 'ready', data });
        context.counted(key, data, true);
        this.keepParts(source.parts?.(data) ?? []);
      } catch (error) {
        // Asked behind what is shown: the kept answer stays; the next showing asks again.
        if (!context.isCurrent(key, generation) || background) return;
        const failure = describeFailure(error);
        context.setEntry(key, { status: 'error', error: failure });
        context.announce(failure);
      }
    })();
    const parts = source.partKeys ?? [];
    for (const part of parts) context.coming.set(part, loading);
    await loading;
    for (const part of parts) if (context.coming.get(part) === loading) context.coming.delete(part);
  }

  /**
   * Keeps the reads that came inside an answer under their own keys. One being loaded on its
   * own is left to that request, and a paged one already started keeps the pages it has.
   */
  private keepParts(parts: readonly PartAnswer[]): void {
    const { context } = this;
    const entries: Record<string, QueryState<unknown>> = {};
    for (const part of parts) {
      const { key } = part.source;
      if (part.kind === 'pages') {
        if (!context.get().queries.pages[key] || context.waiting.has(key)) void this.pages.start(part.source, part);
        continue;
      }
      if (context.get().queries.entries[key]?.status === 'loading' && !context.waiting.has(key)) continue;
      context.sources.set(key, part.source);
      context.bump(key);
      context.askedAt.set(key, context.now());
      entries[key] = { status: 'ready', data: part.answer };
      // Measured on its own, though it shares its objects with the answer it came in: the
      // bound counts such parts twice, on the safe side.
      context.kept.add(key, measureAnswer(part.answer), true);
    }
    if (Object.keys(entries).length > 0) context.patch((q) => ({ entries: { ...q.entries, ...entries } }));
    context.forget(context.kept.overBound());
  }
}
