import { SESSION_READS } from '../../../contract/stale.js';
import type { StaleQuery } from '../../../contract/index.js';
import type { SliceContext } from '../../slice.js';
import { QueriesContext, type QueriesStore } from './context.js';
import { EntryReads } from './entries.js';
import { Freshness } from './freshness.js';
import { KEPT_READ_BYTES, type QueriesSlice } from './model.js';
import { PagedReads } from './pages.js';

const SESSION_STALE: readonly StaleQuery[] = SESSION_READS.map(({ read }) => ({ read, known: {} }));

/**
 * The query layer's slice. It builds its parts and hands each action to the one that does it:
 * reads of one answer (entries.ts), paged reads (pages.ts), and the freshness of account state
 * (freshness.ts); what a write or a change of session or language makes stale is forgotten here.
 */
export function createQueriesSlice(store: SliceContext<QueriesStore>, keptReadBytes = KEPT_READ_BYTES): QueriesSlice {
  const context = new QueriesContext(store, keptReadBytes);
  const { get, kept } = context;
  const pages = new PagedReads(context);
  const entries = new EntryReads(context, pages);
  const freshness = new Freshness(context, pages);

  return {
    entries: {},
    pages: {},

    hold: (key) => kept.hold(key),
    revalidate: (key) => freshness.revalidate(key),
    keepFresh: (key, ask) => freshness.keepFresh(key, ask),
    focusRegained: () => freshness.focusRegained(),
    load: (source, options) => entries.load(source, options),
    loadPages: (source, options) => pages.loadPages(source, options),
    loadAhead: (source) => pages.loadAhead(source),
    loadMore: (key, explicit) => pages.loadMore(key, explicit),
    loadRows: (key, from, to, explicit) => pages.loadRows(key, from, to, explicit),

    async reload(key) {
      const paged = context.pagedSources.get(key);
      if (paged) return get().queries.loadPages(paged, { force: true });
      const source = context.sources.get(key);
      if (source) return get().queries.load(source, { force: true });
    },

    async written(stale) {
      const { entries, pages } = context.staleKeys(stale);
      const keys = [...entries, ...pages];
      // What a mounted screen shows is loaded again; a read no screen shows is forgotten, and the
      // screen that shows it next asks afresh. Loading those again too cost every write the
      // requests of every stale read still kept: after the Stats view had been open, each
      // rating of an import read all the rated lists again.
      context.forget(new Set(keys.filter((key) => !kept.isHeld(key))));
      await Promise.all(keys.filter((key) => kept.isHeld(key)).map((key) => get().queries.reload(key)));
    },

    sessionChanged() {
      const { entries, pages } = context.staleKeys(SESSION_STALE);
      context.forget(new Set([...entries, ...pages]));
      freshness.sessionChanged();
    },

    languageChanged() {
      const { entries, pages } = get().queries;
      context.forget(new Set([...Object.keys(entries), ...Object.keys(pages)]));
    },
  };
}
