import type { JournaledRating } from '../../../storage/rating-journal.js';
import type { RatingsContext } from './context.js';
import { episodeRefKey, type EpisodeRef } from './model.js';
import { journalReadFailed, journalWriteFailed } from './messages.js';

/** What a journal entry is made from: whose, which episode, the value asked, what the service held before. */
export interface KeptIntent {
  readonly account: string | undefined;
  readonly episode: EpisodeRef;
  readonly value: number | null;
  readonly saved: number | null;
}

/** The values the service may hold of an episode because of this machine: a journal entry holds at most this many. */
const EARLIER_KEPT = 20;

const sameEpisode = (entry: JournaledRating, episode: EpisodeRef, account: string) =>
  entry.account === account && entry.seriesId === episode.seriesId && entry.season === episode.season && entry.episode === episode.episode;

/**
 * The state side of the ratings kept on this machine until the service holds them (the file
 * and its lock are storage/rating-journal.ts): what is shown pending is on disk first, so it
 * survives any end of the program.
 */
export class RatingsJournal {
  /** This service's entries as last read or written (other copies of Marquee may have changed the file since). */
  #entries: readonly JournaledRating[] = [];

  constructor(private readonly context: RatingsContext) {}

  /** The entries of `account`, in the order they were asked. */
  entriesOf(account: string): readonly JournaledRating[] {
    return this.#entries.filter((entry) => entry.account === account);
  }

  /**
   * Journals intents: each replaces its episode's entry, unless that already asks the same
   * value. The replaced entry's values may still reach the service (a write under way when the
   * program ended): they stay as `earlier`, so the next start does not take them for a value
   * set elsewhere. `fresh`: what the intent says it held before is all there is (the user chose).
   * False when they could not be kept.
   */
  keep(intents: readonly KeptIntent[], fresh = false): boolean {
    return (
      intents.every((i) => i.account !== undefined) &&
      this.change((entries) => {
        let next = entries;
        for (const { account, episode, value, saved } of intents) {
          const old = next.find((entry) => sameEpisode(entry, episode, account!));
          if (!fresh && old && old.value === value) continue;
          const earlier = fresh || !old ? [] : [...new Set([...(old.earlier ?? []), old.before, old.value])].filter((v) => v !== saved && v !== value).slice(-EARLIER_KEPT);
          const entry: JournaledRating = { account: account!, ...episode, value, before: saved, ...(earlier.length > 0 ? { earlier } : {}) };
          next = [...next.filter((e) => !sameEpisode(e, episode, account!)), entry];
        }
        return next;
      })
    );
  }

  /**
   * The service holds (or refused) what these intents asked: their entries go, but only while
   * they still ask that value (`value` undefined: whatever they ask). Another copy of Marquee
   * may have asked something newer of the same episode meanwhile: that one stays.
   */
  forget(intents: readonly { account: string | undefined; episode: EpisodeRef; value?: number | null }[]): void {
    const done = (entry: JournaledRating) =>
      intents.some((i) => i.account !== undefined && sameEpisode(entry, i.episode, i.account) && (i.value === undefined || i.value === entry.value));
    if (intents.length > 0) this.change((entries) => (entries.some(done) ? entries.filter((e) => !done(e)) : entries));
  }

  /** The journal's entries of whoever is signed in now show as pending, marked as kept; false when there are none. */
  adopt(): boolean {
    const { context } = this;
    const storage = context.runtime.deps.ratingJournal;
    const account = context.accountKey();
    if (account && storage) {
      try {
        this.#entries = storage.load(this.#notice);
      } catch (error) {
        context.notify(journalReadFailed(error), 'error', 8_000);
      }
    }
    const mine = account ? this.entriesOf(account) : [];
    if (mine.length === 0) return false;
    context.patch((r) => {
      const pending = { ...r.pending };
      const waiting = { ...r.waiting };
      for (const entry of mine) {
        const key = episodeRefKey(entry);
        pending[key] = entry.value;
        waiting[key] ??= 'offline';
      }
      return { pending, waiting };
    });
    return true;
  }

  readonly #notice = (message: string) => this.context.notify(message, 'warning', 15_000);

  /**
   * Changes the journal's entries as the file holds them now (merged with other copies of
   * Marquee, under its lock); false (and a warning) when the disk refused, so nothing is shown
   * as kept that is not.
   */
  private change(change: (entries: readonly JournaledRating[]) => readonly JournaledRating[]): boolean {
    const storage = this.context.runtime.deps.ratingJournal;
    if (!storage) return false;
    try {
      this.#entries = storage.update(change, this.#notice);
      return true;
    } catch (error) {
      this.context.notify(journalWriteFailed(error), 'error', 8_000);
      return false;
    }
  }
}
