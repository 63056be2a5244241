import { useMemo } from 'react';
import { statsRater, statsSource } from '../../../state/index.js';
import { useAppState, useAppStore } from '../../store-context.js';

/**
 * The Stats view's read for whoever is signed in (undefined for nobody), with the record of
 * rating dates read when the figures load: the view, its titles lists and its heat map all share it.
 */
export function useStatsSource() {
  const store = useAppStore();
  const session = useAppState((s) => s.session.current);
  return useMemo(() => {
    const rater = statsRater(session);
    return rater ? statsSource(rater, () => store.getState().ratings.datedRatings()) : undefined;
  }, [session, store]);
}
