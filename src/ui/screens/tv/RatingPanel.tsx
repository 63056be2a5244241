import { Box, Text } from 'ink';
import { episodeLabel, formatRating, type DeletePrompt } from '../../../state/index.js';
import { Popup, useCommands } from '../../commands.js';
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
  const { form, context } = rating;
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
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Text color={theme.muted} wrap="truncate-end">
        {idleHint}
      </Text>
    </Box>
  );
}

function FormLine({ form, context, name }: { form: RatingFormState; context: RatingFormContext; name: string }) {
  const theme = useTheme();
  useRatingFormInput(context);
  const episode = context.episodes[form.index];
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Text wrap="truncate-end">
        <Text bold color={theme.accent}>
          Rate {episode ? episodeLabel(episode) : 'episode'}:
        </Text>{' '}
        <Text bold inverse={form.prefilled}>
          {form.text}
        </Text>
        {form.prefilled ? ' ' : '▏'}
        <Text color={theme.muted}> {name}</Text>
      </Text>
      {form.problem ? (
        <Text color={theme.danger} wrap="truncate-end">
          ✗ {form.problem}
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

function DeleteLine({ deletion }: { deletion: DeletePrompt }) {
  const store = useAppStore();
  const theme = useTheme();
  const ratings = () => store.getState().ratings;
  useCommands('screen', ['rating.confirm'], {
    'rating.confirmDelete': () => void ratings().confirmDelete(),
    'rating.keepRating': () => ratings().cancelDelete(),
  });
  return (
    <Box flexDirection="column" height={RATING_PANEL_ROWS}>
      <Text wrap="truncate-end">
        <Text bold color={theme.warning}>
          Delete your rating {formatRating(deletion.value)} of {episodeLabel(deletion.episode)}?
        </Text>
        <Text color={theme.muted}>
          {' '}
          {keyHint('rating.confirmDelete')} deletes · {keyHint('rating.keepRating')} keeps it
        </Text>
      </Text>
      {deletion.busy ? (
        <Spinner label="Deleting…" />
      ) : deletion.problem ? (
        <Text color={theme.danger} wrap="truncate-end">
          ✗ {problemText(deletion.problem)}
        </Text>
      ) : (
        <Text> </Text>
      )}
    </Box>
  );
}
