import { Box, measureElement, Text, type DOMElement } from 'ink';
import TextInput from 'ink-text-input';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTextReceiver } from '../commands.js';
import { editLine, editSelectedLine, MAX_LINE_LENGTH, type Line } from '../input/line-editor.js';
import { columns, truncate } from '../format.js';
import { useTheme } from '../theme.js';

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly focused: boolean;
  readonly placeholder?: string;
  /** Shown instead of the characters (passwords): never the text, not even for a frame. */
  readonly mask?: string;
  /** Columns the text may take; longer text scrolls inside the field. */
  readonly width?: number;
  readonly maxLength?: number;
  /**
   * Gaining the focus selects the whole text, as a browser's address bar does: a key that types
   * replaces it, Backspace erases it, a key that moves the cursor keeps it and edits from there.
   */
  readonly selectOnFocus?: boolean;
  /**
   * The keys that focus the field when it does not have the focus (`/` of the Search tab). One
   * of them pressed first, when the field came focused on its own, only confirms the focus: it
   * is a habit, not the first character of the text.
   */
  readonly focusKeys?: readonly string[];
}

const DEFAULT_TEXT_WIDTH = 48;

/**
 * A labelled one-line text field that edits like a shell line (see input/line-editor.ts): the
 * keymap's `edit` commands (←/→, Home/End and Ctrl-A/E, Alt-b/f, Backspace, Delete, Ctrl-U/K/W
 * by default), characters and paste. The text is the
 * caller's (value, onChange); the cursor is the field's own. Enter, Esc and Tab are commands of
 * the form or screen around it. Unfocused, ink-text-input draws the value or the placeholder.
 */
export function TextField({ label, value, onChange, focused, placeholder, mask, width = DEFAULT_TEXT_WIDTH, maxLength = MAX_LINE_LENGTH, selectOnFocus = false, focusKeys = [] }: TextFieldProps) {
  const theme = useTheme();
  const [cursor, setCursor] = useState(() => [...value].length);
  // The line as the keys left it, ahead of the render: several keys of one read edit in turn
  // without waiting for React. A value the caller changes (cleared after a submit) takes over.
  const edited = useRef<Line>({ text: value, cursor });
  if (edited.current.text !== value) edited.current = { text: value, cursor: [...value].length };
  // Whether the whole text is selected: decided as the focus arrives (in this render, before the
  // field takes the keys of the same read), dropped by the first key that edits.
  const selected = useRef(false);
  const wasFocused = useRef(false);
  // No key has reached the field since it gained the focus.
  const untouched = useRef(false);
  if (focused !== wasFocused.current) {
    wasFocused.current = focused;
    untouched.current = focused;
    selected.current = focused && selectOnFocus && value !== '';
    if (selected.current) edited.current = { text: value, cursor: [...value].length };
  }
  const line: Line = { text: value, cursor: Math.min(cursor, [...value].length) };
  const [, setSelectionDrawn] = useState(0);

  useTextReceiver(
    (event) => {
      const first = untouched.current;
      untouched.current = false;
      if (first && event.kind === 'key' && focusKeys.includes(event.name)) return true;
      const wasSelected = selected.current;
      const next = wasSelected ? editSelectedLine(edited.current, event, maxLength) : editLine(edited.current, event, maxLength);
      if (!next) return false;
      selected.current = false;
      const changed = next.text !== edited.current.text;
      edited.current = next;
      if (changed) onChange(next.text);
      setCursor(next.cursor);
      // The selection went without the text or the cursor changing (→ at the end): draw that too.
      if (wasSelected) setSelectionDrawn((n) => n + 1);
      return true;
    },
    focused,
  );

  // The text's window: `width` columns, or fewer where the row has less room beside the label
  // (a narrow terminal, a popup), measured once laid out. The text scrolls inside that window.
  const textBox = useRef<DOMElement>(null);
  const [roomInRow, setRoomInRow] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measured = textBox.current ? measureElement(textBox.current).width : 0;
    if (measured > 0 && measured !== roomInRow) setRoomInRow(measured);
  });
  const wanted = Math.max(8, width);
  const room = Math.max(8, Math.min(wanted, roomInRow ?? wanted));
  const labelText = `${focused ? theme.selectionGlyph : ' '} ${label} `;
  // One line, always: the label never gives up a column (flexShrink 0), and the text keeps to its
  // window; nothing wraps onto the lines below (where a list or a preview is drawn). The field
  // takes up to label + `width` columns of its row (flexGrow, maxWidth) and fewer where the row
  // has less; maxHeight keeps it one line in a column.
  return (
    <Box height={1} maxHeight={1} flexGrow={1} flexShrink={1} maxWidth={columns(labelText) + wanted} overflow="hidden">
      <Box flexShrink={0}>
        <Text color={focused ? theme.accent : theme.muted}>{labelText}</Text>
      </Box>
      <Box ref={textBox} height={1} flexGrow={1} flexShrink={1} overflow="hidden">
        {focused ? (
          <EditedLine line={line} mask={mask} width={room} placeholder={placeholder} selected={selected.current} />
        ) : (
          <TextInput value={truncate(value, room)} onChange={() => {}} focus={false} placeholder={placeholder === undefined ? undefined : truncate(placeholder, room)} mask={mask} showCursor={false} />
        )}
      </Box>
    </Box>
  );
}

/**
 * The focused line: a window of `width` characters that keeps the cursor in view (… marks cut
 * text), the cursor drawn inverse, and also as a bar under NO_COLOR, where there is no inverse.
 */
function EditedLine({ line, mask, width, placeholder, selected }: { line: Line; mask?: string; width: number; placeholder?: string; selected: boolean }) {
  const theme = useTheme();
  const chars = [...line.text].map((c) => (mask ? mask : c));
  if (selected) {
    // All of it, inverse; in brackets where there is no inverse. Its end in view, as the cursor is.
    const room = width - 3;
    const shown = chars.length > room ? `…${chars.slice(chars.length - room + 1).join('')}` : chars.join('');
    return theme.name === 'mono' ? <Text wrap="truncate-end">[{shown}]</Text> : <Text wrap="truncate-end"><Text inverse>{shown}</Text></Text>;
  }
  if (chars.length === 0 && placeholder) {
    // The cursor sits on the placeholder's first cell (a bar before it where there is no inverse).
    return theme.name === 'mono' ? (
      <Text wrap="truncate-end">▏{placeholder}</Text>
    ) : (
      <Text wrap="truncate-end">
        <Text inverse>{placeholder[0]}</Text>
        <Text color={theme.muted}>{placeholder.slice(1)}</Text>
      </Text>
    );
  }
  const room = width - 2;
  const start = Math.max(0, Math.min(line.cursor - Math.floor(room * 0.75), chars.length + 1 - room));
  const end = Math.min(chars.length, start + room);
  const before = chars.slice(start, line.cursor).join('');
  const at = chars[line.cursor] ?? ' ';
  const after = chars.slice(line.cursor + 1, end).join('');
  return (
    <Text wrap="truncate-end">
      {start > 0 ? '…' : ''}
      {before}
      {theme.name === 'mono' ? (
        <Text>
          {'▏'}
          {at === ' ' && line.cursor >= chars.length ? '' : at}
        </Text>
      ) : (
        <Text inverse>{at}</Text>
      )}
      {after}
      {end < chars.length ? '…' : ''}
    </Text>
  );
}
