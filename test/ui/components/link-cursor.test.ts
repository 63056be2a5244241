import { describe, expect, it } from 'vitest';
import { edgeLinkCursor, initialLinkCursor, scrollLinkCursor, stepLinkCursor } from '../../../src/ui/components/link-cursor.js';

// A document of 12 lines, 4 in view; lines 1, 2 and 9 act (t), the rest are text, blanks, headings.
const acts = [false, true, true, false, false, false, false, false, false, true, false, false];
const VIEW = 4;

describe('a document cursor that lands only on lines that act', () => {
  it('starts on the line asked for when it acts, else on the first acting line in view', () => {
    expect(initialLinkCursor(acts, 2, VIEW)).toEqual({ index: 2, offset: 0 });
    expect(initialLinkCursor(acts, 0, VIEW)).toEqual({ index: 1, offset: 0 });
    expect(initialLinkCursor(acts, 9, VIEW)).toEqual({ index: 9, offset: 6 });
  });

  it('j jumps to the next acting line in view, else scrolls one line so no text is skipped', () => {
    const walk = [initialLinkCursor(acts, 1, VIEW)];
    for (let i = 0; i < 10; i++) walk.push(stepLinkCursor(acts, walk.at(-1)!, 1, VIEW));
    expect(walk.map((c) => `${c.index}@${c.offset}`)).toEqual([
      '1@0',
      '2@0',
      // Nothing acts below line 2 in view: the text scrolls a line at a time, the cursor with it while in view.
      '2@1',
      '2@2',
      '-1@3',
      '-1@4',
      '-1@5',
      // Line 9 comes into view and the cursor lands on it.
      '9@6',
      '9@7',
      '9@8',
      '9@8',
    ]);
    // Every cursor shown is on an acting line.
    expect(walk.every((c) => c.index === -1 || acts[c.index])).toBe(true);
  });

  it('k goes back the same way, and the ends and pages keep the cursor on an acting line', () => {
    let cursor = { index: 9, offset: 8 };
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      cursor = stepLinkCursor(acts, cursor, -1, VIEW);
      seen.push(cursor.index);
    }
    expect(cursor).toEqual({ index: 1, offset: 0 });
    expect(seen.every((index) => index === -1 || acts[index])).toBe(true);
    expect(scrollLinkCursor(acts, { index: 1, offset: 0 }, 12, VIEW)).toEqual({ index: 9, offset: 8 });
    expect(scrollLinkCursor(acts, { index: 9, offset: 8 }, -12, VIEW)).toEqual({ index: 2, offset: 0 });
    expect(scrollLinkCursor(acts, { index: 1, offset: 0 }, 3, VIEW)).toEqual({ index: -1, offset: 3 });
    expect(edgeLinkCursor(acts, 'top', VIEW)).toEqual({ index: 1, offset: 0 });
    expect(edgeLinkCursor(acts, 'bottom', VIEW)).toEqual({ index: 9, offset: 8 });
  });
});
