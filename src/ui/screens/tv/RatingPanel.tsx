import { Box, Text } from 'ink';
import { episodeLabel, episodeRefKey, formatRating, type DeletePrompt, type EpisodeRef, type RatingBatch } from '../../../state/index.js';
import { Popup, useCommands, useLoadingMarker } from '../../commands.js';
import { Confirm } from '../../components/Confirm.js';
import { Spinner } from '../../components/Spinner.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { hintLine, problemText } from '../../hints.js';
import { keyHint, keyPairHint } from '../../keymap.js';
import { useTheme } from '../../theme.js';
import { useRatingFormInput, type RatingForm, type RatingFormContext, type RatingFormState } from './useRatingForm.js';

/** The rows the panel takes at the bottom of a screen, open or not (so the list above does not jump). */
export const RATING_PANEL_ROWS = 2;

interface RatingPanelProps {
  /** The screen's rating form (useRatingForm). */
  readonly rating: RatingForm & { readonly context: RatingFormContext };
  /** "“Chapter 37: Mosaic”": how to name the episode at `index` of the screen's rows. */
  readonly describe: (index: number) => string;
  /** What to say when neither the form nor the delete prompt is open. */
  readonly idleHint: string;
}

/**
 * Quick rating, drawn under the episode list: the form (type or step a value, Enter saves) or
 * the delete prompt. Either is a popup: while it is open its keys come first, and the digits
 * type into the form instead of switching tabs.
 */
export function RatingPanel({ rating, describe, idleHint }: RatingPanelProps) {
  const theme = useTheme();
  const deletion = useAppState((s) => s.ratings.deletion);
  const batch = useAppState((s) => s.ratings.batch);
  const startingSession = useAppState((s) => s.ratings.startingSession);
  const { form, context } = rating;
  // A batch shows on the screen of its episodes (it goes on, and says how it ended, elsewhere too).
  const shown = new Set(context.episodes.map(episodeRefKey));
  const batchHere = batch !== undefined && batch.episodes.some((e) => shown.has(episodeRefKey(e)));
  if (startingSession && !form && !deletion) {
    return (
      <Popup kind="confirm">
        <StartingSession />
      </Popup>
    );
  }
  if (form) {
    return (
      <Popup kind="form">
        <FormLine form={form} context={context} name={describe(form.index)} />
      </Popup>
    );
  }
  if (deletion) {
    return (
      <Popup kind="confirm">
        <DeleteLine deletion={deletion} />
      </Popup>
    );
  }
  if (batch && batchHere) return <BatchLine batch={batch} />;
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS} overflow="hidden">
      <Text color={theme.muted} wrap="wrap">
        {idleHint}
      </Text>
    </Box>
  );
}

/** "S1 E3–E7", "S1 E2, E5 and 3 more": the episodes of a batch. */
export function episodesLabel(episodes: readonly EpisodeRef[]): string {
  const first = episodes[0];
  const last = episodes.at(-1);
  if (!first || !last) return 'no episodes';
  if (episodes.length === 1) return episodeLabel(first);
  const consecutive = episodes.every((e, i) => e.season === first.season && e.episode === first.episode + i);
  if (consecutive) return `${episodeLabel(first)}–E${last.episode}`;
  return episodes.length === 2 ? `${episodeLabel(first)}, E${last.episode}` : `${episodeLabel(first)} and ${episodes.length - 1} more`;
}

/** A batch being rated (how far it got), or stopped (why, and whether to go on). */
function BatchLine({ batch }: { batch: RatingBatch }) {
  const store = useAppStore();
  const theme = useTheme();
  const total = batch.episodes.length;
  const ratings = () => store.getState().ratings;
  if (batch.status === 'stopped' && batch.stoppedAt) {
    const left = total - batch.done;
    return (
      <Confirm
        question={`${batch.done} of ${total} rated, stopped at ${episodeLabel(batch.stoppedAt.episode)}. Rate the other ${left} with ${formatRating(batch.value)}? (${problemText(batch.stoppedAt.problem)})`}
        onYes={() => void ratings().retryBatch()}
        onNo={() => ratings().dismissBatch()}
        yes="tries again"
        no="stops here"
      />
    );
  }
  const next = batch.episodes[batch.done];
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Spinner label={`Rating ${episodesLabel(batch.episodes)} with ${formatRating(batch.value)}: ${batch.done} of ${total} done${next ? `, now ${episodeLabel(next)}` : ''}…`} />
      <Text color={theme.muted} wrap="truncate-end">
        One request per episode; leaving the season does not stop it.
      </Text>
    </Box>
  );
}

function FormLine({ form, context, name }: { form: RatingFormState; context: RatingFormContext; name: string }) {
  useRatingFormInput(context);
  const episode = context.episodes[form.index];
  const many = form.many?.map((i) => context.episodes[i]).filter((e): e is EpisodeRef => e !== undefined);
  const what = many ? `${many.length} episodes (${episodesLabel(many)})` : episode ? episodeLabel(episode) : 'episode';
  return <RatingFormView form={form} what={what} name={many ? undefined : name} rows={RATING_PANEL_ROWS} />;
}

/**
 * A rating form as every rating panel draws it: what is rated and the value typed (inverse
 * while it is only filled in), then why it was refused, or the keys.
 */
export function RatingFormView({ form, what, name, rows }: { form: RatingFormState; what: string; name?: string; rows: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={rows}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>
          Rate {what}:
        </Text>{' '}
        <Text bold inverse={form.prefilled}>
          {form.text}
        </Text>
        {form.prefilled ? ' ' : '▏'}
        {name ? <Text color={theme.muted}> {name}</Text> : null}
      </Text>
      {form.problem ? (
        <Text color={theme.danger} wrap="truncate-end">
          ✗ {form.problem}
          {/* A value that did not get through (prefilled again): how to send it or change it. */}
          {form.prefilled ? <Text color={theme.muted}> · {keyHint('rating.save')} sends it again, a digit replaces it</Text> : null}
        </Text>
      ) : (
        <Text color={theme.muted} wrap="truncate-end">
          {form.prefilled ? `${keyHint('rating.save')} saves this value, a digit replaces it` : '0.5 to 10 in steps of 0.5'} ·{' '}
          {keyPairHint('rating.down', 'rating.up')} ±0.5 · {hintLine(['rating.cancel', 'cancels'])}
        </Text>
      )}
    </Box>
  );
}

/** The first rating starts a guest session: keys typed meanwhile wait for it (they may act on that rating). */
function StartingSession() {
  useLoadingMarker(true);
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Spinner label="Starting a guest session for your ratings…" />
      <Text> </Text>
    </Box>
  );
}

function DeleteLine({ deletion }: { deletion: DeletePrompt }) {
  const store = useAppStore();
  const theme = useTheme();
  const ratings = () => store.getState().ratings;
  const value = deletion.value;
  // Until the ratings asked for just before are taken, keys typed after wait for the question.
  useLoadingMarker(value === undefined);
  useCommands(
    'screen',
    ['rating.confirm'],
    value === undefined ? {} : { 'rating.confirmDelete': () => void ratings().confirmDelete(), 'rating.keepRating': () => ratings().cancelDelete() },
  );
  if (value === undefined) {
    return (
      <Box flexDirection="column" height={RATING_PANEL_ROWS}>
        <Spinner label={`Looking up your rating of ${episodeLabel(deletion.episode)}…`} />
        <Text> </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Text wrap="truncate-end">
        <Text bold color={theme.warning}>
          Delete your rating {formatRating(value)} of {episodeLabel(deletion.episode)}?
        </Text>
        <Text color={theme.muted}>
          {' '}
          {keyHint('rating.confirmDelete')} deletes · {keyHint('rating.keepRating')} keeps it
        </Text>
      </Text>
      <Text> </Text>
    </Box>
  );
}
