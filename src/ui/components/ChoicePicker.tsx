import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import stringWidth from 'string-width';
import { Popup, unavailable, useCommands } from '../commands.js';
import { fieldText, fit } from '../format.js';
import { hintLine } from '../hints.js';
import { keyHint, keyPairHint } from '../keymap.js';
import { useTheme } from '../theme.js';
import { useLocalCursor } from './list-cursor.js';
import { ScrollList } from './ScrollList.js';
import { TextField } from './TextField.js';

export interface Choice {
  readonly code: string;
  readonly name: string;
}

interface ChoicePickerProps {
  /** Unique per screen entry: names the filter field and the list's cursor. */
  readonly id: string;
  /** "Region for Upcoming" */
  readonly title: string;
  readonly choices: readonly Choice[];
  /** Offered first while nothing is typed: choosing it passes undefined ("No region"). */
  readonly noneLabel?: string;
  /** The code chosen now, marked in the list. */
  readonly current?: string;
  readonly height: number;
  readonly onChoose: (code: string | undefined) => void;
  readonly onCancel: () => void;
}

/**
 * Choices whose code or name contains what was typed, best first: an exact code, then a name
 * that starts with it ("ger" -> German before Austrian German), then a word of the name or the
 * code that starts with it, then anything that contains it. Within a rank the given order stays.
 */
export function filterChoices(choices: readonly Choice[], filter: string): Choice[] {
  const text = filter.trim().toLowerCase();
  if (!text) return [...choices];
  const rank = (choice: Choice): number => {
    const code = choice.code.toLowerCase();
    const name = choice.name.toLowerCase();
    if (code === text) return 0;
    if (name.startsWith(text)) return 1;
    if (code.startsWith(text) || name.split(/[\s(),-]+/).some((word) => word.startsWith(text))) return 2;
    if (code.includes(text) || name.includes(text)) return 3;
    return -1;
  };
  return choices
    .map((choice, index) => ({ choice, index, rank: rank(choice) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.choice);
}

const NONE: Choice = { code: '', name: '' };

/**
 * A list of codes with their names to pick one from (regions, languages). Typing filters by
 * code or name, ↑/↓ move, Enter chooses, Esc closes without choosing. The filter field has the
 * focus while the picker is open, so letters type instead of firing shortcuts.
 */
export function ChoicePicker(props: ChoicePickerProps) {
  return (
    <Popup kind="picker">
      <Picker {...props} />
    </Popup>
  );
}

function Picker({ id, title, choices, noneLabel, current, height, onChoose, onCancel }: ChoicePickerProps) {
  const theme = useTheme();
  const listId = `${id}:choices`;
  const [filter, setFilter] = useState('');
  // The "none" choice is for an empty filter: typing means looking for a match.
  const shown = useMemo(() => [...(noneLabel && !filter.trim() ? [NONE] : []), ...filterChoices(choices, filter)], [choices, filter, noneLabel]);

  // The names in one column, after the widest code ("CA-QC" as much as "US").
  const codeWidth = useMemo(() => Math.max(3, ...choices.map((choice) => stringWidth(choice.code))), [choices]);
  const cursor = useLocalCursor();
  const changeFilter = (text: string) => {
    setFilter(fieldText(text));
    cursor.reset();
  };

  useCommands('screen', ['picker'], {
    // Enter with nothing to choose says why, as every key that cannot act does.
    'picker.choose':
      shown.length === 0
        ? unavailable(`Nothing matches "${filter}": ${keyHint('edit.eraseBack')} changes what you typed`)
        : () => {
            const choice = shown[Math.min(cursor.current(), shown.length - 1)]!;
            onChoose(choice === NONE ? undefined : choice.code);
          },
    'picker.cancel': onCancel,
  });

  return (
    <Box flexDirection="column" height={height}>
      <Text bold>{title}</Text>
      <TextField label="Filter:" value={filter} onChange={changeFilter} focused placeholder="type a code or a name" />
      <ScrollList<Choice>
        id={listId}
        cursor={cursor}
        items={shown}
        height={Math.max(2, height - 3)}
        getKey={(choice) => choice.code || 'none'}
        // The picker's field above filters it already.
        filterText={false}
        renderRow={(choice) =>
          choice === NONE
            ? `${noneLabel}${current === undefined ? '  (current)' : ''}`
            : `${fit(choice.code, codeWidth)} ${choice.name}${choice.code === current ? '  (current)' : ''}`
        }
        emptyText={`Nothing matches "${filter}".`}
      />
      <Text color={theme.muted}>
        Type to filter · {keyPairHint('list.up', 'list.down', { typing: true })} move · {hintLine(['picker.choose', 'chooses'], ['picker.cancel', 'closes'])}
      </Text>
    </Box>
  );
}
