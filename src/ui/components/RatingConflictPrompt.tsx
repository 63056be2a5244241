import { useEffect } from 'react';
import { episodeLabel, episodeRefKey, formatRating } from '../../state/index.js';
import { useAppState, useAppStore } from '../store-context.js';
import { Confirm } from './Confirm.js';

/**
 * A rating kept on this machine while the service could not take it, which the service meanwhile
 * holds differently (set from another device): asked about, never overwritten silently. It takes
 * the toast's and the footer's rows while it waits for an answer.
 */
export function RatingConflictPrompt() {
  const store = useAppStore();
  const conflict = useAppState((s) => s.ratings.conflicts[0]);
  const shown = conflict ? episodeRefKey(conflict.episode) : undefined;
  // What the service holds is read again as the prompt shows (it may wait behind another popup)
  // and, as account reads are, on focus-in past the bound: the prompt names what it holds then.
  useEffect(() => {
    if (shown === undefined) return undefined;
    const ratings = () => store.getState().ratings;
    void ratings().recheckConflict();
    return store.getState().queries.keepFresh(`rating conflict:${shown}`, () => ratings().recheckConflict());
  }, [store, shown]);
  if (!conflict) return null;
  const rating = (value: number | null) => (value === null ? 'no rating' : formatRating(value));
  const where = `${episodeLabel(conflict.episode)} of series ${conflict.episode.seriesId}`;
  return (
    <Confirm
      question={`${where}: you asked for ${rating(conflict.mine)} while offline; the service now holds ${rating(conflict.theirs)}, set elsewhere. Send yours?`}
      onYes={() => void store.getState().ratings.resolveConflict(true)}
      onNo={() => void store.getState().ratings.resolveConflict(false)}
      yes="sends yours"
      no="keeps the service's"
    />
  );
}
