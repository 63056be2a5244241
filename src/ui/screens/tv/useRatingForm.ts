import { useEffect, useRef, useState } from 'react';
import {
  episodeLabel,
  formatRating,
  myRating,
  parseRating,
  stepRating,
  type AppStore,
  type EpisodeRef,
} from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { problemText } from '../../hints.js';
import { useAppStore } from '../../store-context.js';

/**
 * Quick episode rating, a widget of the screen that shows the episodes: digits and '.' type a
 * value, ←/→ step it by 0.5, Enter saves. A valid value closes the form at once and the screen
 * moves its cursor to the next episode while the request runs, so a season is rated as fast as
 * one can type. A failed save opens the form again on its episode with the value typed and the
 * service's message. Built as a reducer (the form's state), a submit step, an input hook and a
 * view (RatingPanel).
 */

export interface RatingFormState {
  /** The episode's index in the screen's list (the first one, for several). */
  readonly index: number;
  /** Several episodes rated with the one value (a selection, or all unrated): their indexes. */
  readonly many?: readonly number[];
  readonly text: string;
  /** The text was filled in (my rating, or the value rated last): the first digit replaces it. */
  readonly prefilled: boolean;
  /** Why the value was refused, by this form or by the service. */
  readonly problem?: string;
}

export type RatingFormAction =
  | { readonly type: 'open'; readonly index: number; readonly start?: number; readonly many?: readonly number[] }
  | { readonly type: 'type'; readonly character: string }
  | { readonly type: 'erase' }
  | { readonly type: 'step'; readonly direction: 1 | -1; readonly from: number }
  | { readonly type: 'refuse'; readonly problem: string }
  | { readonly type: 'reopen'; readonly index: number; readonly text: string; readonly problem: string }
  | { readonly type: 'close' };

/** "10.0" is the longest value anyone needs to type. */
const MAX_TEXT_LENGTH = 4;

export function ratingFormReducer(form: RatingFormState | undefined, action: RatingFormAction): RatingFormState | undefined {
  switch (action.type) {
    case 'open':
      return {
        index: action.index,
        many: action.many,
        text: action.start === undefined ? '' : formatRating(action.start),
        prefilled: action.start !== undefined,
      };
    case 'reopen':
      // The value that did not get through, ready to send again with Enter; as when the form
      // opens on a value, a digit typed next replaces it (r then 4 after a failed 3 asks for 4,
      // not 34).
      return { index: action.index, text: action.text, prefilled: true, problem: action.problem };
    case 'close':
      return undefined;
  }
  if (!form) return form;
  switch (action.type) {
    case 'type': {
      if (!/^[0-9.]$/.test(action.character)) return form;
      const base = form.prefilled ? '' : form.text;
      if ((action.character === '.' && base.includes('.')) || base.length >= MAX_TEXT_LENGTH) return form;
      return { ...form, text: base + action.character, prefilled: false, problem: undefined };
    }
    case 'erase':
      return { ...form, text: form.prefilled ? '' : form.text.slice(0, -1), prefilled: false, problem: undefined };
    case 'step':
      return { ...form, text: formatRating(stepRating(form.text, action.direction, action.from)), prefilled: false, problem: undefined };
    case 'refuse':
      return { ...form, problem: action.problem };
  }
}

/** What submitting needs besides the form: the rows, the store, and the screen's cursor. */
export interface RatingFormContext {
  readonly store: AppStore;
  readonly episodes: readonly EpisodeRef[];
  /** Moves the screen's cursor to a row. */
  readonly moveTo: (index: number) => void;
  readonly dispatch: (action: RatingFormAction) => void;
  /** The form as it is now (keys of one chunk arrive before React draws). */
  readonly current: () => RatingFormState | undefined;
  /** Whether the form can come back with a failure: it is still on screen and closed. */
  readonly canReopen: () => boolean;
  /** Told when several episodes were given to the store to rate (the screen clears its selection). */
  readonly onRateMany?: () => void;
  /** Told when the last row was rated (the season screen goes on to the next season). */
  readonly onPastEnd?: () => void;
}

/** The action that opens the form on a row: from my rating, or else the value rated last. */
export function openAction(store: AppStore, episodes: readonly EpisodeRef[], index: number): RatingFormAction | undefined {
  const episode = episodes[index];
  if (!episode) return undefined;
  const state = store.getState();
  return { type: 'open', index, start: myRating(state, episode) ?? state.ratings.lastValue };
}

/** Enter: checks the value, closes the form and moves on, then rates; resolves once saved (true) or not. */
export async function submitRatingForm(form: RatingFormState, context: RatingFormContext): Promise<boolean> {
  const { store, episodes, moveTo, dispatch } = context;
  const episode = episodes[form.index];
  if (!episode) {
    dispatch({ type: 'close' });
    return false;
  }
  const parsed = parseRating(form.text);
  if (parsed.problem !== undefined) {
    // Refused here, before any request.
    dispatch({ type: 'refuse', problem: parsed.problem });
    return false;
  }
  dispatch({ type: 'close' });
  if (form.many) {
    context.onRateMany?.();
    const chosen = form.many.map((i) => episodes[i]).filter((e): e is EpisodeRef => e !== undefined);
    await store.getState().ratings.rateMany(chosen, parsed.value);
    return store.getState().ratings.batch === undefined;
  }
  if (form.index + 1 < episodes.length) moveTo(form.index + 1);
  else context.onPastEnd?.();
  const problem = await store.getState().ratings.rate(episode, parsed.value);
  if (problem === undefined) return true;
  if (context.canReopen() && !store.getState().ratings.deletion) {
    moveTo(form.index);
    dispatch({ type: 'reopen', index: form.index, text: form.text, problem: problemText(problem) });
  } else {
    store.getState().notifications.notify(`${episodeLabel(episode)} was not rated: ${problemText(problem)}`, 'error', 8_000);
  }
  return false;
}

export interface RatingForm {
  readonly form: RatingFormState | undefined;
  /** Opens the form on the row at `index`. */
  readonly open: (index: number) => void;
  /** Opens the form for the rows at `indexes`, to rate them all with one value. */
  readonly openMany: (indexes: readonly number[]) => void;
}

/** The form's state, and its keys while it is open (the panel draws it inside a popup). */
export function useRatingForm(
  episodes: readonly EpisodeRef[],
  moveTo: (index: number) => void,
  screen: { readonly onRateMany?: () => void; readonly onPastEnd?: () => void } = {},
): RatingForm & { readonly context: RatingFormContext } {
  const store = useAppStore();
  const current = useRef<RatingFormState | undefined>(undefined);
  const [form, setForm] = useState<RatingFormState | undefined>(undefined);
  const dispatch = (action: RatingFormAction) => {
    current.current = ratingFormReducer(current.current, action);
    setForm(current.current);
  };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const context: RatingFormContext = {
    store,
    episodes,
    moveTo,
    dispatch,
    current: () => current.current,
    canReopen: () => mounted.current && current.current === undefined,
    onRateMany: screen.onRateMany,
    onPastEnd: screen.onPastEnd,
  };
  return {
    form,
    open: (index) => {
      const action = openAction(store, episodes, index);
      if (action) dispatch(action);
    },
    openMany: (indexes) => {
      if (indexes.length === 0) return;
      dispatch({ type: 'open', index: indexes[0]!, many: indexes, start: store.getState().ratings.lastValue });
    },
    context,
  };
}

/**
 * The keys of an open rating form (of episodes, or of a film or series): type, step, erase,
 * save, cancel. `save` gets the form as it is at that key.
 */
export function useRatingKeys(
  dispatch: (action: RatingFormAction) => void,
  current: () => RatingFormState | undefined,
  save: (form: RatingFormState) => void,
): void {
  const store = useAppStore();
  const from = () => store.getState().ratings.lastValue ?? 5;
  useCommands('screen', ['rating.form'], {
    'rating.type': (character) => dispatch({ type: 'type', character }),
    'rating.up': () => dispatch({ type: 'step', direction: 1, from: from() }),
    'rating.down': () => dispatch({ type: 'step', direction: -1, from: from() }),
    'rating.erase': () => dispatch({ type: 'erase' }),
    'rating.save': () => {
      const form = current();
      if (form) save(form);
    },
    'rating.cancel': () => dispatch({ type: 'close' }),
  });
}

/** The keys of the episodes' form (see submitRatingForm). */
export function useRatingFormInput(context: RatingFormContext): void {
  useRatingKeys(context.dispatch, context.current, (form) => void submitRatingForm(form, context));
}
