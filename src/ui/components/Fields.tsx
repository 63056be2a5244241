import { Text } from 'ink';
import { wrapText } from '../format.js';
import type { Theme } from '../theme.js';
import type { RowAddress } from './address-actions.js';
import type { DocLine } from './DocumentView.js';

/**
 * A labelled fact of a detail screen: ["Runtime", "2h 16m"]. A fact with an address (a
 * homepage, an IMDb page) is a link: Enter or o opens it, y copies it.
 */
export type FieldRow = readonly [label: string, value: string, address?: RowAddress];

const LABEL_WIDTH = 17;

/**
 * Facts as document lines: the label in a column of its own, the value wrapped beside it, so a
 * long list of production companies stays readable. For DocumentView.
 */
export function fieldLines(rows: readonly FieldRow[], width: number, theme: Theme): DocLine[] {
  const lines: DocLine[] = [];
  for (const [label, value, address] of rows) {
    wrapText(value, width - LABEL_WIDTH).forEach((part, i) => {
      lines.push({
        key: `${label}:${i}`,
        content: (
          <Text>
            <Text color={theme.muted}>{(i === 0 ? label : '').padEnd(LABEL_WIDTH)}</Text>
            {part}
          </Text>
        ),
        address,
      });
    });
  }
  return lines;
}

/** A paragraph (an overview, a biography) as document lines, with a heading line when given. */
export function paragraphLines(text: string, width: number, heading?: string, theme?: Theme): DocLine[] {
  const lines: DocLine[] = heading
    ? [
        {
          key: 'heading',
          content: (
            <Text bold color={theme?.muted}>
              {heading}
            </Text>
          ),
        },
      ]
    : [];
  wrapText(text, width).forEach((part, i) => lines.push({ key: `p${i}`, content: part }));
  return lines;
}

/** "yes" / "no" */
export const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? 'unknown' : value ? 'yes' : 'no');

/** A fact that may be a link: the value as given ("none" when there is none), linked when it has a usable address. */
export function linkRow(label: string, value: string | null | undefined, url: string | undefined, what: string): FieldRow {
  return url ? [label, value || url, { url, what }] : [label, value || 'none'];
}
