import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { RowAddress } from '../../components/address-actions.js';
import type { DocLine } from '../../components/DocumentView.js';
import { wrapText } from '../../format.js';
import type { Theme } from '../../theme.js';

/**
 * Building blocks of the TV detail documents (series, episode): every block is a list of
 * single terminal lines, wrapped here to the width, so the document can scroll line by line.
 */

/** Columns of the label before a field's value ("Networks      Northstar TV"). */
export const LABEL_WIDTH = 16;

export { docWidth } from '../../components/DocumentView.js';

export class DocBuilder {
  readonly lines: DocLine[] = [];
  private blanks = 0;

  constructor(
    /** Columns the lines have. */
    readonly width: number,
    private readonly theme: Theme,
  ) {}

  line(key: string, content: ReactNode, onOpen?: () => void, address?: RowAddress): this {
    this.lines.push({ key, content, onOpen, address });
    return this;
  }

  blank(): this {
    return this.line(`blank:${this.blanks++}`, '');
  }

  heading(key: string, text: string, detail?: string): this {
    return this.line(
      key,
      <Text>
        <Text bold>{text}</Text>
        {detail ? <Text color={this.theme.muted}> {detail}</Text> : null}
      </Text>,
    );
  }

  /** A paragraph, wrapped; `indent` columns in front of every line. */
  text(key: string, text: string, indent = 0, color?: string): this {
    const pad = ' '.repeat(indent);
    wrapText(text, this.width - indent).forEach((part, i) =>
      this.line(`${key}:${i}`, <Text color={color}>{pad + part}</Text>),
    );
    return this;
  }

  /**
   * "Label           value", the value wrapped under itself. An empty value reads `none`. With an
   * address (a homepage, an IMDb page), every line of the field opens and copies it.
   */
  field(label: string, value: string | undefined, none = '—', address?: RowAddress): this {
    const shown = value && value.trim() ? value : none;
    const parts = wrapText(shown, this.width - LABEL_WIDTH);
    parts.forEach((part, i) =>
      this.line(
        `field:${label}:${i}`,
        <Text>
          <Text color={this.theme.muted}>{(i === 0 ? label : '').padEnd(LABEL_WIDTH)}</Text>
          {part}
        </Text>,
        undefined,
        address,
      ),
    );
    return this;
  }
}
