import { ratingProblem } from '../../../contract/rules.js';
import type { CatalogApi } from '../../deps.js';
import { describeFailure, type Problem } from '../../words/failures.js';
import { journalAccount, keptTitleRatings } from '../kept-title-ratings.js';
import { operationKey } from '../queries.js';
import { formatRating } from '../ratings.js';
import type { SliceContext } from '../../slice.js';
import { titleKey, type MarksStore, type TitleRef } from './model.js';
import type { MarkWrites } from './writes.js';

/**
 * My ratings of films and series. A rating (or its delete) is kept in the rating journal before
 * it shows pending, and leaves it when the service holds it (kept-title-ratings.ts): however the
 * program ends, the next start (or the next session of that account) sends it.
 */
export class TitleRatings {
  readonly #kept;
  // Bumped when the session changes: a pass sending the previous one's kept ratings stops.
  #epoch = 0;
  /** What the service answered to this run's rating writes, by titleKey: newer than any read. */
  readonly #heldHere = new Map<string, number | null>();

  constructor(
    private readonly store: SliceContext<MarksStore>,
    private readonly writes: MarkWrites,
  ) {
    this.#kept = keptTitleRatings(store.runtime.deps.ratingJournal?.titles, (message) => store.get().notifications.notify(message, 'warning', 15_000));
  }

  /** Rates the title (starting a guest session when there is none); undefined when saved, else why not. */
  async rate(title: TitleRef, value: number): Promise<Problem | undefined> {
    const problem = ratingProblem(value);
    if (problem) return { message: problem };
    const noSession = await this.store.get().ratings.ensureSession();
    if (noSession) return noSession;
    // Sent in turn with the writes of the title (so an overtaken one is never sent), the record
    // of rating dates kept in step with each one sent (rating-dates.ts).
    return this.writeRating(title, value, this.shownHeld(title), `Rated “${title.title}”: ${formatRating(value)}`);
  }

  async deleteRating(title: TitleRef): Promise<Problem | undefined> {
    const { get, runtime } = this.store;
    if (!runtime.client || get().session.current.kind === 'none') return { message: 'No session to delete it with.', reason: 'needsSession' };
    return this.writeRating(title, null, this.shownHeld(title), `Deleted your rating of “${title.title}”`);
  }

  /** Who is signed in changed: the ratings they left kept on this machine are sent. */
  sessionChanged(): void {
    this.#epoch++;
    this.#heldHere.clear();
    // After the other slices have taken the new session in.
    void Promise.resolve().then(() => this.sendKept());
  }

  /** What the service holds of the title as last written or read (its account states), null when unknown or unrated. */
  private shownHeld(title: TitleRef): number | null {
    const written = this.#heldHere.get(titleKey(title));
    if (written !== undefined) return written;
    const { queries } = this.store.get();
    const read =
      title.kind === 'movie'
        ? queries.entries[operationKey('movieAccountStates', { path: { movie_id: title.id } })]
        : queries.entries[operationKey('seriesAccountStates', { path: { series_id: title.id } })];
    const rated = (read?.data as { rated?: { value?: unknown } | false } | undefined)?.rated;
    return rated && typeof rated.value === 'number' ? rated.value : null;
  }

  /** What the service holds of the title now (null: no rating); 'unreachable' when it could not be asked. */
  private async heldNow(title: TitleRef): Promise<number | null | 'unreachable'> {
    const client = this.store.runtime.client;
    if (!client) return 'unreachable';
    try {
      const states =
        title.kind === 'movie'
          ? await client.call('movieAccountStates', { path: { movie_id: title.id } })
          : await client.call('seriesAccountStates', { path: { series_id: title.id } });
      return states.rated && typeof states.rated === 'object' && typeof states.rated.value === 'number' ? states.rated.value : null;
    } catch {
      return 'unreachable';
    }
  }

  /**
   * Writes a rating (null: deletes it), kept in the journal first; it leaves when the service
   * holds it or refused it. One the service could not take (out of reach, session expired, too
   * many requests) stays to be sent at the next start, and the problem says so.
   */
  private async writeRating(title: TitleRef, value: number | null, before: number | null, done: string): Promise<Problem | undefined> {
    const { get, runtime } = this.store;
    const client = runtime.client!;
    const kept = this.#kept;
    const account = journalAccount(get().session.current);
    const isKept = account !== undefined && kept.keep(account, title, value, before);
    const send = () => get().ratings.sendRecorded({ kind: title.kind, id: title.id }, value, () => this.request(client, title, value));
    return this.writes.write(title, 'rating', send, done, undefined, (failed) => {
      if (!failed) this.#heldHere.set(titleKey(title), value);
      if (!isKept) return undefined;
      const failure = failed && describeFailure(failed.error);
      const waits = failure !== undefined && (failure.kind === 'auth' || failure.kind === 'network' || failure.transient || failure.httpStatus === 429);
      if (!waits) kept.forget(account, title, value);
      return waits ? 'kept on this machine and sent at the next start' : undefined;
    });
  }

  /** The request: rateMovie or rateSeries, or their delete (null). */
  private async request(client: CatalogApi, title: TitleRef, value: number | null): Promise<void> {
    if (value !== null) {
      if (title.kind === 'movie') await client.call('rateMovie', { path: { movie_id: title.id }, body: { value } });
      else await client.call('rateSeries', { path: { series_id: title.id }, body: { value } });
      return;
    }
    try {
      if (title.kind === 'movie') await client.call('deleteMovieRating', { path: { movie_id: title.id } });
      else await client.call('deleteSeriesRating', { path: { series_id: title.id } });
    } catch (error) {
      // 404: the service holds no such rating (never made, or a delete under way when the program ended got there first): deleted all the same.
      if (describeFailure(error).httpStatus !== 404) throw error;
    }
  }

  /** Sends the ratings of films and series kept on this machine for whoever is signed in, in order. */
  private async sendKept(): Promise<void> {
    const { get, runtime } = this.store;
    const kept = this.#kept;
    const account = journalAccount(get().session.current);
    if (!account || !runtime.client) return;
    const started = this.#epoch;
    let sent = 0;
    try {
      for (const entry of kept.load(account)) {
        if (started !== this.#epoch) return;
        const title: TitleRef = { kind: entry.kind, id: entry.id, title: entry.title ?? `${entry.kind === 'movie' ? 'film' : 'series'} ${entry.id}` };
        // Asked again in this run since: that newer ask has the say.
        if (this.writes.isAsked(title, 'rating')) continue;
        const theirs = await this.heldNow(title);
        if (started !== this.#epoch || theirs === 'unreachable') return;
        if (theirs === entry.value) {
          kept.forget(account, title, entry.value);
          sent++;
          continue;
        }
        if (theirs !== entry.before && !entry.earlier?.includes(theirs)) {
          // Set elsewhere since it was asked here: never written over unasked; the user can rate it again.
          kept.forget(account, title, entry.value);
          const mine = entry.value === null ? 'delete' : formatRating(entry.value);
          get().notifications.notify(
            `“${title.title}” was ${theirs === null ? 'unrated' : `rated ${formatRating(theirs)}`} elsewhere since: it keeps that, and your ${mine} kept on this machine was not sent`,
            'warning',
            15_000,
          );
          continue;
        }
        const problem = await this.writeRating(title, entry.value, entry.before, '');
        if (problem) {
          get().notifications.notify(`“${title.title}” kept on this machine was not sent: ${problem.message}`, 'error', 8_000);
          return;
        }
        sent++;
      }
    } finally {
      if (sent > 0) get().notifications.notify(`Sent ${sent} ${sent === 1 ? 'rating' : 'ratings'} of films and series kept on this machine`, 'success');
    }
  }
}
