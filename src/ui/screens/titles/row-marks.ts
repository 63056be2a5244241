import { operationSource, queryState, type TitleRef } from '../../../state/index.js';
import { unavailable, type Handlers } from '../../commands.js';
import { problemText } from '../../hints.js';
import { useAppState, useAppStore } from '../../store-context.js';

/** A mark a row of titles can change with the film screen's keys. */
export type RowMark = 'watchlist' | 'favorite';

export interface RowMarksOptions {
  /** What the screen knows of every row already (each row of the watchlist is on it): no read needed. */
  readonly known?: Readonly<Partial<Record<RowMark, boolean>>>;
  /** Told as a row's mark is set (before the write, `on` its new setting) and, if the write fails, set back. */
  readonly onSet?: (title: TitleRef, mark: RowMark, on: boolean) => void;
}

/**
 * The film screen's watchlist and favourite keys (title.watchlist, title.favorite) for the
 * highlighted row of a list of titles. A mark the screen does not know is read from the title's
 * account states when the key is pressed (the query layer's read, kept for the next press), so
 * moving along the rows costs nothing. The writes go through the marks slice, in turn with the
 * film screen's, and say what they did in a toast.
 */
export function useRowMarks(title: TitleRef | undefined, { known = {}, onSet }: RowMarksOptions = {}): Handlers<'title'> {
  const store = useAppStore();
  const sessionKind = useAppState((s) => s.session.current.kind);
  if (sessionKind !== 'user') {
    const why = unavailable(
      sessionKind === 'guest' ? 'A guest session has no watchlist or favourites: sign in to an account' : 'The watchlist and favourites belong to an account: sign in first',
    );
    return { 'title.watchlist': why, 'title.favorite': why };
  }
  if (!title) {
    const none = unavailable('There is no title here');
    return { 'title.watchlist': none, 'title.favorite': none };
  }

  /** The mark as the account holds it: known to the screen, else read from the title's account states. */
  const shown = async (mark: RowMark): Promise<boolean | undefined> => {
    const already = known[mark];
    if (already !== undefined) return already;
    const source =
      title.kind === 'movie'
        ? operationSource('movieAccountStates', { path: { movie_id: title.id } })
        : operationSource('seriesAccountStates', { path: { series_id: title.id } });
    await store.getState().queries.load(source);
    // A read already under way (the preview beside the list asks the same) is not started again:
    // its answer is waited for.
    const read = () => queryState(store.getState().queries, source);
    if (read().status === 'loading') {
      await new Promise<void>((resolve) => {
        const stop = store.subscribe(() => {
          if (read().status === 'loading') return;
          stop();
          resolve();
        });
      });
    }
    const states = read().data;
    if (!states) return undefined;
    return (mark === 'watchlist' ? states.watchlist : states.favorite) === true;
  };
  const toggle = (mark: RowMark) => async () => {
    const notify = store.getState().notifications.notify;
    const was = await shown(mark);
    if (was === undefined) return notify(`Could not read your marks of “${title.title}”: try again`, 'warning');
    onSet?.(title, mark, !was);
    const marks = store.getState().marks;
    const why = await (mark === 'watchlist' ? marks.toggleWatchlist(title, was) : marks.toggleFavorite(title, was));
    if (why) {
      onSet?.(title, mark, was);
      notify(problemText(why), 'warning');
    }
  };
  return { 'title.watchlist': () => void toggle('watchlist')(), 'title.favorite': () => void toggle('favorite')() };
}
