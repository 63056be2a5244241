import { Box, Text } from 'ink';
import { useState } from 'react';
import { type FieldErrors, type ListDraft, type ListField, type ListId } from '../../../state/index.js';
import { Popup, useCommands } from '../../commands.js';
import { Spinner } from '../../components/Spinner.js';
import { TextField } from '../../components/TextField.js';
import { languageName } from '../../format.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { hintLine, outcomeText } from '../../hints.js';
import { keyHint, keyPairHint } from '../../keymap.js';
import { useTheme } from '../../theme.js';

const FIELDS: readonly { field: ListField; label: string; placeholder: string }[] = [
  { field: 'name', label: 'Name:       ', placeholder: 'what the list is called (required)' },
  { field: 'description', label: 'Description:', placeholder: 'what it is for (optional)' },
  { field: 'language', label: 'Language:   ', placeholder: 'ISO 639-1 code, such as en, de or ja' },
];

const EMPTY_DRAFT: ListDraft = { name: '', description: '', language: 'en' };

interface CreateListFormProps {
  /** The columns of the screen: the fields take the popup's width, less their labels. */
  readonly width: number;
  readonly onCreated: (listId: ListId | undefined) => void;
  readonly onCancel: () => void;
}

/**
 * E4: name, description and language. Problems are shown under their field and the draft
 * stays as typed, whether the form refused it or the service did.
 */
export function CreateListForm(props: CreateListFormProps) {
  return (
    <Popup kind="form">
      <ListForm {...props} />
    </Popup>
  );
}

function ListForm({ width, onCreated, onCancel }: CreateListFormProps) {
  const store = useAppStore();
  const theme = useTheme();
  const busy = useAppState((s) => s.lists.busy);
  const [draft, setDraft] = useState<ListDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  // The field that takes the typing. The input pipeline lets React commit a Tab before the
  // next key is routed, so a key typed right after Tab reaches the next field.
  const [field, setField] = useState(0);
  const focusField = setField;
  const move = (step: number) => setField((current) => (current + step + FIELDS.length) % FIELDS.length);
  const submit = async () => {
    if (busy) return;
    setFailure(undefined);
    const outcome = await store.getState().lists.createList(draft);
    if (outcome.ok) {
      onCreated(outcome.listId);
      return;
    }
    setErrors(outcome.fields ?? {});
    setFailure(outcome.fields ? undefined : outcomeText(outcome));
    // Put the cursor on the first field at fault.
    const first = FIELDS.findIndex((f) => outcome.fields?.[f.field]);
    if (first >= 0) focusField(first);
  };

  useCommands('screen', ['form'], {
    'form.submit': () => void submit(),
    'form.next': () => move(1),
    'form.previous': () => move(-1),
    'form.back': onCancel,
  });

  const update = (name: ListField) => (value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const language = draft.language.trim().toLowerCase();
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>New list</Text>
      {FIELDS.map((f, index) => (
        <Box key={f.field} flexDirection="column">
          <TextField
            label={f.label}
            value={draft[f.field]}
            onChange={update(f.field)}
            focused={field === index}
            placeholder={f.placeholder}
            // The border, padding and label take the rest; a field of a narrow popup measures its row.
            width={Math.max(20, width - 20)}
          />
          {errors[f.field] ? (
            <Text color={theme.danger}>
              {'   '}✗ {errors[f.field]}
            </Text>
          ) : f.field === 'language' && /^[a-z]{2}$/.test(language) && languageName(language) !== language ? (
            <Text color={theme.muted}>
              {'   '}
              {languageName(language)}
            </Text>
          ) : null}
        </Box>
      ))}
      {busy ? <Spinner label="Creating the list…" /> : null}
      {failure ? <Text color={theme.danger}>✗ {failure}</Text> : null}
      <Text color={theme.muted}>
        {keyHint('form.next')} or {keyPairHint('form.previous', 'form.next', { arrow: true })} moves between fields ·{' '}
        {hintLine(['form.submit', 'creates the list'], ['form.back', 'cancels'])}
      </Text>
    </Box>
  );
}
