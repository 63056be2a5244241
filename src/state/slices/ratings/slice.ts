import type { SliceContext } from '../../slice.js';
import { RatingBatches } from './batches.js';
import { KeptRatings } from './conflicts.js';
import { INITIAL_RATINGS, RatingsContext, type RatingsStore } from './context.js';
import { DeletePrompts } from './delete-prompt.js';
import { RatingDelivery } from './delivery.js';
import { RatingsJournal } from './journal.js';
import { type RatingsSlice } from './model.js';
import { loadAccountRatings, loadSeasonRatings } from './reads.js';
import { RatingWriter } from './writer.js';

/**
 * Episode ratings (E5): my ratings, the ones being saved, and rating one episode. The slice only
 * builds its parts and hands each action to the one that does it: the writer (intents, asking,
 * undo), its delivery to the service, batches, the journal of ratings kept on this machine and
 * their conflicts, the delete prompt, and the reads of my ratings (reads.ts).
 */
export function createRatingsSlice(store: SliceContext<RatingsStore>): RatingsSlice {
  const context = new RatingsContext(store);
  const { get } = context;
  const journal = new RatingsJournal(context);
  const delivery = new RatingDelivery(context, journal);
  const writer = new RatingWriter(context, journal, delivery);
  const batches = new RatingBatches(context, writer, journal);
  const kept = new KeptRatings(context, journal, delivery);
  const deletePrompts = new DeletePrompts(context, writer);

  return {
    ...INITIAL_RATINGS,
    ensureSession: () => writer.ensureSession(),
    rate: (episode, value, options = {}) => writer.rate(episode, value, options.sameChange === true),
    rateMany: (episodes, value) => batches.rateMany(episodes, value),
    retryBatch: () => batches.retry(),
    dismissBatch: () => batches.dismiss(),
    deleteRating: (episode) => writer.deleteRating(episode),
    undo: (only) => writer.undo(only),
    loadAccountRatings: (force = false) => loadAccountRatings(context, force),
    loadSeasonRatings: (seriesId, season, force = false) => loadSeasonRatings(context, seriesId, season, force),
    askDelete: (episode) => deletePrompts.ask(episode),
    confirmDelete: () => deletePrompts.confirm(),
    cancelDelete: () => deletePrompts.cancel(),
    sendWaiting: () => kept.sendWaiting(),
    resolveConflict: (sendMine) => kept.resolve(sendMine),
    recheckConflict: () => kept.recheck(),
    datedRatings: () => context.dates.entries(context.datesRater()),
    sendRecorded: (item, value, send, at) => context.dates.sending(context.datesRater(), item, value, send, at),
    settled: () => Promise.all([writer.afterAsks(async () => undefined), batches.settled(), kept.sendingNow]).then(() => context.writes.settled()),

    sessionChanged() {
      context.epoch++;
      context.writes.reset();
      // The value rated last is about typing, not about whose ratings these are. A delete prompt
      // still waiting for the ratings asked before it (the first of which started this guest
      // session) asks about this session's ratings, in its turn.
      const { lastValue, deletion, startingSession } = get().ratings;
      context.patch({ ...INITIAL_RATINGS, lastValue, startingSession, deletion: deletion?.value === undefined ? deletion : undefined });
      // Ratings this account (or guest) asked for while the service could not take them: shown, then sent.
      if (journal.adopt()) void Promise.resolve().then(() => get().ratings.sendWaiting());
    },
  };
}
