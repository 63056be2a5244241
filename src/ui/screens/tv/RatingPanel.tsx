import { Box, Text } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { episodeLabel, formatRating, type DeletePrompt, type RatingForm } from '../../../state/index.js';
import { Popup, useCommands } from '../../commands.js';
import { Spinner } from '../../components/Spinner.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';

/** The rows the panel takes at the bottom of a screen, open or not (so the list above does not jump). */
export const RATING_PANEL_ROWS = 2;

interface RatingPanelProps {
  /** The list (or screen) the form belongs to: a form opened elsewhere is not drawn here. */
  readonly listId: string;
  /** "“Chapter 37: Mosaic”": how to name the episode at `index` of the form's target. */
  readonly describe: (index: number) => string;
  /** What to say when neither the form nor the delete prompt is open. */
  readonly idleHint: string;
}

/**
 * Quick rating, drawn under the episode list: the form (type or step a value, Enter saves) or
 * the delete prompt. Either is a popup: while it is open its keys come first, and the digits
 * type into the form instead of switching tabs.
 */
export function RatingPanel({ listId, describe, idleHint }: RatingPanelProps) {
  const theme = useTheme();
  const { form, deletion } = useAppState(useShallow((s) => ({ form: s.ratings.form, deletion: s.ratings.deletion })));
  const ownForm = form && form.target.listId === listId ? form : undefined;
  if (ownForm) {
    return (
      <Popup kind="form">
        <FormLine form={ownForm} name={describe(ownForm.index)} />
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

function FormLine({ form, name }: { form: RatingForm; name: string }) {
  const store = useAppStore();
  const theme = useTheme();
  const ratings = () => store.getState().ratings;
  useCommands('screen', ['rating.form'], {
    'rating.type': (key) => ratings().typeCharacter(key),
    'rating.up': () => ratings().step(1),
    'rating.down': () => ratings().step(-1),
    'rating.erase': () => ratings().erase(),
    'rating.save': () => void ratings().submit(),
    'rating.cancel': () => ratings().cancel(),
  });
  const episode = form.target.episodes[form.index];
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
          {form.prefilled ? 'Enter saves this value, a digit replaces it' : '0.5 to 10 in steps of 0.5'} · ←/→ ±0.5 · Esc cancels
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
        <Text color={theme.muted}> y deletes · n keeps it</Text>
      </Text>
      {deletion.busy ? (
        <Spinner label="Deleting…" />
      ) : deletion.problem ? (
        <Text color={theme.danger} wrap="truncate-end">
          ✗ {deletion.problem}
        </Text>
      ) : (
        <Text> </Text>
      )}
    </Box>
  );
}
