import type { RatingsContext } from './context.js';
import { serviceRating } from './conflicts.js';
import * as say from './messages.js';
import { episodeRefKey, myRating, type EpisodeRef } from './model.js';
import type { RatingWriter } from './writer.js';

/** The question before a rating is deleted: which episode, and my rating of it as the service holds it now. */
export class DeletePrompts {
  constructor(
    private readonly context: RatingsContext,
    private readonly writer: RatingWriter,
  ) {}

  ask(episode: EpisodeRef): void {
    if (!this.writer.askingUnderWay) return this.decide(episode);
    // Ratings asked for just before (keys of the same read) are not taken yet: ask once they are.
    this.context.patch({ deletion: { episode } });
    void this.writer.afterAsks(async () => {
      if (this.context.get().ratings.deletion?.episode === episode) this.decide(episode);
    });
  }

  /** Deletes the rating the prompt asked about; the prompt closes at once, a toast says how it went. */
  async confirm(): Promise<boolean> {
    const { context } = this;
    const deletion = context.get().ratings.deletion;
    if (deletion?.value === undefined) return false;
    // The prompt goes at once, so the keys after `y` act on the screen as they would one at a time.
    context.patch({ deletion: undefined });
    return (await context.get().ratings.deleteRating(deletion.episode)) === undefined;
  }

  cancel(): void {
    this.context.patch({ deletion: undefined });
  }

  private decide(episode: EpisodeRef): void {
    const { context } = this;
    const value = myRating(context.get(), episode);
    if (value === undefined) {
      context.patch((r) => (r.deletion && episodeRefKey(r.deletion.episode) === episodeRefKey(episode) ? { deletion: undefined } : {}));
      context.notify(say.notRated(episode), 'info');
      return;
    }
    context.patch({ deletion: { episode, value } });
    // The value named is the one this run last read; the service may hold another, set
    // elsewhere since: it is asked now, and the prompt (and the row) corrected to its answer.
    const key = episodeRefKey(episode);
    if (key in context.get().ratings.pending) return;
    void serviceRating(context.runtime, episode).then((theirs) => {
      const asked = context.get().ratings.deletion;
      if (theirs === 'unreachable' || !asked || episodeRefKey(asked.episode) !== key || key in context.get().ratings.pending) return;
      context.patch((r) => ({ local: { ...r.local, [key]: theirs } }));
      if (theirs === null) {
        context.patch({ deletion: undefined });
        context.notify(say.notRatedOnService(episode), 'info');
      } else if (theirs !== asked.value) context.patch({ deletion: { episode, value: theirs } });
    });
  }
}
