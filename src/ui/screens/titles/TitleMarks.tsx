import { Box, Text } from 'ink';
import { useRef, useState, type ReactNode } from 'react';
import { formatRating, parseRating, titleKey, type Problem, type TitleRef } from '../../../state/index.js';
import { Popup, unavailable, useCommands } from '../../commands.js';
import { Confirm } from '../../components/Confirm.js';
import { Spinner } from '../../components/Spinner.js';
import { hintLine, problemText } from '../../hints.js';
import { keyHint } from '../../keymap.js';
import { useOperation } from '../../queries.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import { RatingFormView } from '../tv/RatingPanel.js';
import { ratingFormReducer, useRatingKeys, type RatingFormAction, type RatingFormState } from '../tv/useRatingForm.js';

/** The rows the panel takes at the bottom of a film's or a series' screen. */
export const TITLE_MARKS_ROWS = 2;

/** My rating, watchlist and favourite of a film or a series (their account states). */
function useAccountStates(title: TitleRef) {
  const signedIn = useAppState((s) => s.session.current.kind !== 'none');
  const movie = useOperation('movieAccountStates', { path: { movie_id: title.id } }, { enabled: signedIn && title.kind === 'movie' });
  const series = useOperation('seriesAccountStates', { path: { series_id: title.id } }, { enabled: signedIn && title.kind === 'tv' });
  return { signedIn, states: title.kind === 'movie' ? movie : series };
}

/**
 * What I did with a film or a series, under its screen: my rating (the same form as episodes:
 * digits or ←/→, Enter saves), whether it is on my watchlist and a favourite, with one key each
 * to change them. The form and the delete question are popups: while open, they take the keys.
 */
export function TitleMarks({ title, active = true }: { title: TitleRef; active?: boolean }) {
  const store = useAppStore();
  const theme = useTheme();
  const { signedIn, states } = useAccountStates(title);
  const sessionKind = useAppState((s) => s.session.current.kind);
  const pending = useAppState((s) => Object.keys(s.marks.pending).some((key) => key.startsWith(`${titleKey(title)}:`)));
  const rating = useTitleRating(TITLE_MARKS_ROWS);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const marks = () => store.getState().marks;
  const data = states.data;
  // Old records may say nothing (or null) where today's say false.
  const rated = data?.rated;
  const mine = rated && typeof rated.value === 'number' ? rated.value : undefined;
  const report = (outcome: Promise<Problem | undefined>) => void outcome.then((why) => setProblem(why ? problemText(why) : undefined));

  const needsAccount = unavailable(
    sessionKind === 'guest' ? 'A guest session has no watchlist or favourites: sign in to an account' : 'The watchlist and favourites belong to an account: sign in first',
  );
  const loaded = data !== undefined ? undefined : unavailable('Your marks are still loading');
  useCommands(
    'screen',
    ['title'],
    {
      'title.rate': () => {
        setProblem(undefined);
        rating.open(title, mine);
      },
      'title.unrate': mine !== undefined ? () => setDeleting(true) : unavailable(`You have not rated “${title.title}”`),
      'title.watchlist': sessionKind !== 'user' ? needsAccount : (loaded ?? (() => report(marks().toggleWatchlist(title, data!.watchlist === true)))),
      'title.favorite': sessionKind !== 'user' ? needsAccount : (loaded ?? (() => report(marks().toggleFavorite(title, data!.favorite === true)))),
    },
    active && rating.form === null && !deleting,
  );

  if (rating.form) return rating.form;
  if (deleting && mine !== undefined) {
    return (
      <Confirm
        question={`Delete your rating ${formatRating(mine)} of “${title.title}”?`}
        onYes={() => {
          setDeleting(false);
          report(marks().deleteRating(title));
        }}
        onNo={() => setDeleting(false)}
      />
    );
  }

  const what = title.kind === 'movie' ? 'film' : 'series';
  let status: ReactNode;
  if (!signedIn) {
    status = (
      <Text color={theme.muted} wrap="truncate-end">
        {/* Short enough for 60 columns: the watchlist and favourite keys say themselves that they need an account. */}
        Not signed in: rating this {what} starts a guest session ({keyHint('app.session')} signs in).
      </Text>
    );
  } else if (states.status === 'error') {
    status = (
      <Text color={theme.danger} wrap="truncate-end">
        ✗ Could not load your rating and watchlist: {states.error?.message ?? 'failed'}
      </Text>
    );
  } else if (!data) {
    status = <Spinner label="Loading your rating and watchlist…" />;
  } else {
    const parts = [
      mine !== undefined ? `Your rating ${formatRating(mine)}` : 'Not rated by you',
      ...(sessionKind === 'user'
        ? [data.watchlist ? 'on your watchlist' : 'not on your watchlist', data.favorite ? 'a favourite' : 'not a favourite']
        : []),
    ];
    status = (
      <Text wrap="truncate-end">
        <Text color={mine !== undefined ? theme.success : undefined}>{parts.join(' · ')}</Text>
        {pending ? <Text color={theme.muted}> · saving…</Text> : null}
      </Text>
    );
  }
  return (
    <Box flexDirection="column" height={TITLE_MARKS_ROWS}>
      {status}
      {problem ? (
        <Text color={theme.danger} wrap="truncate-end">
          ✗ {problem}
        </Text>
      ) : (
        <Text color={theme.muted} wrap="truncate-end">
          {hintLine(['title.rate', 'rates it'], ['title.unrate', 'deletes your rating'], ['title.watchlist', 'watchlist'], ['title.favorite', 'favourite'])}
        </Text>
      )}
    </Box>
  );
}

/**
 * Rating one film or series with the episodes' form, for any screen that shows titles (its
 * own screen, a list's rows): `open` shows the form for a title, `form` is the popup to draw
 * while it is open (null otherwise). A failed save opens the form again with the service's
 * message and the value typed.
 */
export function useTitleRating(rows: number): { readonly open: (title: TitleRef, mine?: number) => void; readonly form: ReactNode | null } {
  const store = useAppStore();
  const current = useRef<RatingFormState | undefined>(undefined);
  const [form, setForm] = useState<RatingFormState | undefined>(undefined);
  const [title, setTitle] = useState<TitleRef | undefined>(undefined);
  const dispatch = (action: RatingFormAction) => {
    current.current = ratingFormReducer(current.current, action);
    setForm(current.current);
  };
  const open = (target: TitleRef, mine?: number) => {
    setTitle(target);
    dispatch({ type: 'open', index: 0, start: mine ?? store.getState().ratings.lastValue });
  };
  const save = (target: TitleRef, typed: RatingFormState) => {
    const parsed = parseRating(typed.text);
    if (parsed.problem !== undefined) return dispatch({ type: 'refuse', problem: parsed.problem });
    dispatch({ type: 'close' });
    void store
      .getState()
      .marks.rate(target, parsed.value)
      .then((why) => {
        if (why && current.current === undefined) {
          setTitle(target);
          dispatch({ type: 'reopen', index: 0, text: typed.text, problem: problemText(why) });
        }
      });
  };
  return {
    open,
    form:
      form && title ? (
        <Popup kind="form">
          <TitleRatingForm title={title} form={form} dispatch={dispatch} current={() => current.current} save={(typed) => save(title, typed)} rows={rows} />
        </Popup>
      ) : null,
  };
}

function TitleRatingForm(props: {
  title: TitleRef;
  form: RatingFormState;
  dispatch: (action: RatingFormAction) => void;
  current: () => RatingFormState | undefined;
  save: (form: RatingFormState) => void;
  rows: number;
}) {
  useRatingKeys(props.dispatch, props.current, props.save);
  return <RatingFormView form={props.form} what={`“${props.title.title}”`} rows={props.rows} />;
}
