import { useRef, useState } from 'react';
import { UNDO_DEPTH, episodeLabel, formatRating, withHalfPoint, type EpisodeRef } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { problemText } from '../../hints.js';
import { keyHint } from '../../keymap.js';
import { useAppStore } from '../../store-context.js';

/**
 * Rating mode of a season: one key an episode. A digit rates the highlighted episode and moves
 * to the next aired one (0 is 10), `.` adds half a point to the rating just given (7 then . is
 * 7.5, one change for undo), Backspace takes back the last rating given in the mode and steps
 * back to its episode, Esc leaves. Episodes not aired yet are skipped, and a toast says how many.
 * Past the last episode it goes on into the next season, still in the mode, with the ratings
 * given so far: `.` and Backspace act on the last of them wherever it is. Every write goes
 * through the ratings slice's one ordered path, so keys typed faster than the service answers
 * end as they would one at a time.
 */
export interface QuickGiven {
  readonly episode: EpisodeRef;
  readonly value: number;
}

export interface QuickRating {
  readonly on: boolean;
  /** The rating given last in the mode that still stands, for `.` (and the hint). */
  readonly last?: QuickGiven;
  enter(): void;
  leave(): void;
  /** `u` in the mode: the newest change is undone, and the mode forgets the rating it gave last. */
  undo(): void;
}

export interface QuickRatingContext {
  readonly episodes: readonly EpisodeRef[];
  /** When the episode at `index` airs ("airs 3 Dec 2026") if it has not aired yet (the mode skips it), else undefined. */
  readonly notAired: (index: number) => string | undefined;
  /** The highlighted row, read at the key. */
  readonly highlighted: () => number;
  readonly moveTo: (index: number) => void;
  /** Told after the last episode was rated: the season screen goes on to the next season, with the ratings given so far. */
  readonly onPastEnd?: (given: readonly QuickGiven[]) => void;
  /** Backspace took back a rating given in another season: the screen goes there, on that episode. */
  readonly onOtherSeason: (episode: EpisodeRef, given: readonly QuickGiven[]) => void;
  /** Whether the screen can take the keys now (its season is loaded). */
  readonly active: boolean;
  /** Opened in the mode (going on from the season before, or from Up next). */
  readonly startOn?: boolean;
  /** The ratings given in the mode on the season before, newest last. */
  readonly startGiven?: readonly QuickGiven[];
}

const sameEpisode = (a: EpisodeRef, b: EpisodeRef) => a.seriesId === b.seriesId && a.season === b.season && a.episode === b.episode;

export function useQuickRating(context: QuickRatingContext): QuickRating {
  const store = useAppStore();
  const [on, setOn] = useState(context.startOn === true);
  const [last, setLast] = useState<QuickGiven | undefined>(context.startGiven?.at(-1));
  // The ratings given in the mode, newest last. Read at the key: keys of one read arrive before React draws again.
  const given = useRef<readonly QuickGiven[]>(context.startGiven ?? []);
  const setGiven = (next: readonly QuickGiven[]) => {
    given.current = next.slice(-UNDO_DEPTH);
    setLast(given.current.at(-1));
  };
  const ratings = () => store.getState().ratings;
  const notice = (text: string) => store.getState().notifications.notify(text, 'info');
  const say = (episode: EpisodeRef, problem: Parameters<typeof problemText>[0] | undefined) => {
    if (problem) store.getState().notifications.notify(`${episodeLabel(episode)} was not rated: ${problemText(problem)}`, 'error', 8_000);
  };
  const { episodes } = context;
  const skippedText = (count: number) => `${count} episode${count === 1 ? '' : 's'} not aired yet`;

  const rateHighlighted = (text: string | undefined) => {
    const index = context.highlighted();
    const episode = episodes[index];
    const value = Number(text);
    if (!episode || !Number.isFinite(value)) return;
    const airs = context.notAired(index);
    if (airs !== undefined) {
      return notice(`${episodeLabel(episode)} has not aired yet (${airs}): rating mode skips it; ${keyHint('rating.open')} rates it after asking`);
    }
    setGiven([...given.current, { episode, value }]);
    let next = index + 1;
    while (next < episodes.length && context.notAired(next) !== undefined) next++;
    const skipped = next - index - 1;
    if (next < episodes.length) {
      context.moveTo(next);
      if (skipped > 0) notice(`Skipped ${skippedText(skipped)}`);
    } else if (skipped > 0) {
      // The rest of the season has not aired: the mode stops on the first of them.
      context.moveTo(index + 1);
      notice(`${episodeLabel(episode)} was the last aired episode: skipped ${skippedText(skipped)}`);
    } else context.onPastEnd?.(given.current);
    void ratings().rate(episode, value).then((problem) => say(episode, problem));
  };

  // Decided at the key, not at the last draw: "7." in one read must act as 7 then . do. The
  // half point goes to the rating just given, wherever the cursor went (the next season too).
  const addHalf = () => {
    const previous = given.current.at(-1);
    if (!previous) return notice('Type a digit first: . adds half a point to the rating just given');
    const value = withHalfPoint(previous.value);
    if (value === undefined) return notice(`${formatRating(previous.value)} takes no half point more`);
    setGiven([...given.current.slice(0, -1), { episode: previous.episode, value }]);
    void ratings().rate(previous.episode, value, { sameChange: true }).then((problem) => say(previous.episode, problem));
  };

  // Backspace: the typo fix. The last rating given is undone (only that one), and the cursor goes back to it.
  const takeBack = () => {
    const previous = given.current.at(-1);
    if (!previous) return notice(`Nothing to take back: no rating given in rating mode yet (${keyHint('rating.delete')} deletes a rating, after asking)`);
    const rest = given.current.slice(0, -1);
    setGiven(rest);
    const index = episodes.findIndex((episode) => sameEpisode(episode, previous.episode));
    if (index >= 0) context.moveTo(index);
    else context.onOtherSeason(previous.episode, rest);
    void ratings().undo(previous.episode);
  };

  useCommands(
    'screen',
    ['rating.quick'],
    {
      'rating.quickRate': rateHighlighted,
      'rating.quickHalf': addHalf,
      'rating.quickBack': takeBack,
      'rating.quickLeave': () => {
        setGiven([]);
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
      setGiven([]);
      setOn(false);
    },
    undo: () => {
      setGiven(given.current.slice(0, -1));
      void ratings().undo();
    },
  };
}
