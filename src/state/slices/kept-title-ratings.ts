import type { JournaledTitleRating, JournalPart } from '../../storage/rating-journal.js';
import type { CurrentSession } from './session.js';

/**
 * Films' and series' ratings in the rating journal (storage/rating-journal.ts), as episodes' are
 * in ratings.ts: each is kept before it shows pending and leaves when the service holds it (or
 * refused it), so the next start sends whatever a program that ended left under way.
 */

/** A film or a series as its journal entry names it. */
export interface KeptTitle {
  readonly kind: 'movie' | 'tv';
  readonly id: number;
  /** How messages name it ("Heat"): the entry keeps it for the next start's messages. */
  readonly title: string;
}

/** Whose ratings a journal entry is: the signed-in account, or the guest session (as ratings.ts keys episodes'). */
export function journalAccount(session: CurrentSession): string | undefined {
  if (session.kind === 'guest') return 'guest';
  if (session.kind === 'user') return `user:${session.accountId ?? session.username}`;
  return undefined;
}

/** The values the service may hold of a title because of this machine: an entry holds at most this many. */
const EARLIER_KEPT = 20;

export interface KeptTitleRatings {
  /**
   * Keeps what was asked of the title (null: a delete) in place of its entry, unless that asks
   * the same already; the replaced entry's values stay as `earlier` (its write may reach the
   * service). `before`: what the service held as far as this machine knew. False when the disk
   * refused (and `warn` was told).
   */
  keep(account: string, title: KeptTitle, value: number | null, before: number | null): boolean;
  /** The service holds (or refused) `value`: the entry goes, but only while it still asks that value (another copy of Marquee may have asked anew). */
  forget(account: string, title: Pick<KeptTitle, 'kind' | 'id'>, value: number | null): void;
  /** The account's entries as the file holds them now. */
  load(account: string): JournaledTitleRating[];
}

export function keptTitleRatings(part: JournalPart<JournaledTitleRating> | undefined, warn: (message: string) => void): KeptTitleRatings {
  const same = (entry: JournaledTitleRating, account: string, title: Pick<KeptTitle, 'kind' | 'id'>) =>
    entry.account === account && entry.kind === title.kind && entry.id === title.id;
  const change = (fn: (entries: readonly JournaledTitleRating[]) => readonly JournaledTitleRating[]): boolean => {
    if (!part) return false;
    try {
      part.update(fn, warn);
      return true;
    } catch (error) {
      warn(`Could not keep the rating on this machine: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
  return {
    keep: (account, title, value, before) =>
      change((entries) => {
        const old = entries.find((entry) => same(entry, account, title));
        if (old && old.value === value) return entries;
        const earlier = old ? [...new Set([...(old.earlier ?? []), old.before, old.value])].filter((v) => v !== before && v !== value).slice(-EARLIER_KEPT) : [];
        const entry: JournaledTitleRating = { account, kind: title.kind, id: title.id, title: title.title, value, before, ...(earlier.length > 0 ? { earlier } : {}) };
        return [...entries.filter((e) => !same(e, account, title)), entry];
      }),
    forget(account, title, value) {
      const done = (entry: JournaledTitleRating) => same(entry, account, title) && entry.value === value;
      change((entries) => (entries.some(done) ? entries.filter((e) => !done(e)) : entries));
    },
    load(account) {
      if (!part) return [];
      try {
        return part.load(warn).filter((entry) => entry.account === account);
      } catch (error) {
        warn(`Could not read the ratings kept on this machine: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      }
    },
  };
}
