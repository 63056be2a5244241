import { Text } from 'ink';
import type { ReactNode } from 'react';
import { wrapText } from '../format.js';
import type { Theme } from '../theme.js';

/** A labelled fact of a detail screen: ["Runtime", "2h 16m"]. */
export type FieldRow = readonly [label: string, value: string];

const LABEL_WIDTH = 17;

/**
 * Facts as screen lines: the label in a column of its own, the value wrapped beside it, so a
 * long list of production companies stays readable. For ScrollText.
 */
export function fieldLines(rows: readonly FieldRow[], width: number, theme: Theme): ReactNode[] {
  const lines: ReactNode[] = [];
  for (const [label, value] of rows) {
    wrapText(value, width - LABEL_WIDTH).forEach((part, i) => {
      lines.push(
        <Text key={`${label}:${i}`} wrap="truncate-end">
          <Text color={theme.muted}>{(i === 0 ? label : '').padEnd(LABEL_WIDTH)}</Text>
          {part}
        </Text>,
      );
    });
  }
  return lines;
}

/** A paragraph (an overview, a biography) as screen lines, with a heading line when given. */
export function paragraphLines(text: string, width: number, heading?: string, theme?: Theme): ReactNode[] {
  const lines: ReactNode[] = heading
    ? [
        <Text key="heading" bold color={theme?.muted}>
          {heading}
        </Text>,
      ]
    : [];
  wrapText(text, width).forEach((part, i) => lines.push(<Text key={`p${i}`}>{part}</Text>));
  return lines;
}

/** "yes" / "no" */
export const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? 'unknown' : value ? 'yes' : 'no');
