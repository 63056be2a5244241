import { useRef, useState } from 'react';
import { RATING_MAX, RATING_STEP, episodeLabel, formatRating, type EpisodeRef } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { problemText } from '../../hints.js';
import { useAppStore } from '../../store-context.js';

/**
 * Rating mode of a season: one key an episode. A digit rates the highlighted episode and moves
 * to the next (0 is 10), `.` adds half a point to the rating just given (7 then . is 7.5),
 * Backspace deletes the highlighted episode's rating, Esc leaves. Past the last episode it goes
 * on into the next season, still in the mode. Every write goes through the ratings slice's one
 * ordered path, so keys typed faster than the service answers end as they would one at a time.
 */
export interface QuickRating {
  readonly on: boolean;
  /** The episode rated last in the mode and its value, for `.` (and the header). */
  readonly last?: { readonly episode: EpisodeRef; readonly value: number };
  enter(): void;
  leave(): void;
}

export interface QuickRatingContext {
  readonly episodes: readonly EpisodeRef[];
  /** The highlighted row, read at the key. */
  readonly highlighted: () => number;
  readonly moveTo: (index: number) => void;
  /** Told after the last episode was rated: the season screen goes on to the next season. */
  readonly onPastEnd?: () => void;
  /** Whether the screen can take the keys now (its season is loaded). */
  readonly active: boolean;
  /** Opened in the mode (going on from the season before, or from Up next). */
  readonly startOn?: boolean;
}

export function useQuickRating(context: QuickRatingContext): QuickRating {
  const store = useAppStore();
  const [on, setOn] = useState(context.startOn === true);
  const [last, setLast] = useState<QuickRating['last']>(undefined);
  // Read at the key: keys of one read arrive before React draws again.
  const lastNow = useRef<QuickRating['last']>(undefined);
  const remember = (next: QuickRating['last']) => {
    lastNow.current = next;
    setLast(next);
  };
  const ratings = () => store.getState().ratings;
  const say = (episode: EpisodeRef, problem: Parameters<typeof problemText>[0] | undefined) => {
    if (problem) store.getState().notifications.notify(`${episodeLabel(episode)} was not rated: ${problemText(problem)}`, 'error', 8_000);
  };
  const { episodes } = context;

  const rateHighlighted = (text: string | undefined) => {
    const index = context.highlighted();
    const episode = episodes[index];
    const value = Number(text);
    if (!episode || !Number.isFinite(value)) return;
    remember({ episode, value });
    if (index + 1 < episodes.length) context.moveTo(index + 1);
    else context.onPastEnd?.();
    void ratings().rate(episode, value).then((problem) => say(episode, problem));
  };

  // Decided at the key, not at the last draw: "7." in one read must act as 7 then . do.
  const addHalf = () => {
    const previous = lastNow.current;
    const notice = (why: string) => store.getState().notifications.notify(why, 'info');
    if (!previous) return notice('Type a digit first: . adds half a point to the rating just given');
    if (previous.value >= RATING_MAX || !Number.isInteger(previous.value)) return notice(`${formatRating(previous.value)} takes no half point more`);
    const value = previous.value + RATING_STEP;
    remember({ episode: previous.episode, value });
    void ratings().rate(previous.episode, value).then((problem) => say(previous.episode, problem));
  };

  useCommands(
    'screen',
    ['rating.quick'],
    {
      'rating.quickRate': rateHighlighted,
      'rating.quickHalf': addHalf,
      'rating.quickDelete': () => {
        const episode = episodes[context.highlighted()];
        if (!episode) return;
        remember(undefined);
        void ratings().deleteRating(episode);
      },
      'rating.quickLeave': () => {
        remember(undefined);
        setOn(false);
      },
    },
    on && context.active,
  );

  return {
    on,
    last,
    enter: () => setOn(true),
    leave: () => {
      remember(undefined);
      setOn(false);
    },
  };
}
