import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { fieldText } from '../format.js';
import { useAppState } from '../store-context.js';
import { useTheme } from '../theme.js';

/**
 * True while the field `fieldId` takes typing: it has the focus and no modal or overlay is
 * over it. The router keeps letter and digit shortcuts away from the screen meanwhile.
 */
export function useFieldFocus(fieldId: string): boolean {
  return useAppState((s) => s.nav.textFocus === fieldId && s.nav.modal === null && s.nav.overlay === null);
}

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly focused: boolean;
  readonly placeholder?: string;
  /** Shown instead of the characters (passwords). */
  readonly mask?: string;
}

/**
 * A labelled one-line text field. Enter is a command (field.submit or form.submit), not handled
 * here. A paste arrives as one string, returns and tabs included: the field keeps what prints,
 * up to MAX_FIELD_CHARS.
 */
export function TextField({ label, value, onChange, focused, placeholder, mask }: TextFieldProps) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Text color={focused ? theme.accent : theme.muted}>
        {focused ? theme.selectionGlyph : ' '} {label}{' '}
      </Text>
      <TextInput value={value} onChange={(text) => onChange(fieldText(text))} focus={focused} placeholder={placeholder} mask={mask} showCursor={focused} />
    </Box>
  );
}
